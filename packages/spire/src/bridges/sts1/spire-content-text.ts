import type { Sts1TextSources } from './sts1-state-translator.js';

/**
 * Rules text for StS1 states from spire's own content (cards and relics shared by both games have the
 * same ids after normalisation). Loaded lazily so the bridge does not depend on the content otherwise;
 * unknown ids give no text.
 */
export async function loadSpireContentText(): Promise<Sts1TextSources> {
  const [{ getCard, getRelic }, { cardText }] = await Promise.all([
    import('../../content/index.js'),
    import('../../engine/index.js'),
  ]);
  const attempt = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch {
      return undefined;
    }
  };
  return {
    describeCard: (card) => attempt(() => cardText(getCard(card.id), card.upgrades > 0)),
    describeRelic: (relic) => attempt(() => getRelic(relic.id).text),
  };
}
