/**
 * The mod's `GET /events/stream` (server-sent events: `event: <type>` and `data: <json>` lines, a
 * blank line ends an event, `:` lines are heartbeats). Both mod dialects publish
 * `available_actions_changed`, `screen_changed`, `player_action_window_opened` and more whenever the
 * game moves, so waiting on the stream answers as soon as the game settles, without polling.
 */

/** How a wait on the stream ended. */
export type EventWaitOutcome =
  /** `isSettled` said yes after an event (or right after the stream opened). */
  | { kind: 'settled' }
  /** The deadline passed first. */
  | { kind: 'timeout' }
  /** The mod has no event stream (404, not `text/event-stream`, or it failed to open): poll instead. */
  | { kind: 'unsupported'; reason: string }
  /** The stream ended before the deadline: poll for the time left. */
  | { kind: 'closed' };

export interface EventWaitOptions {
  url: string;
  fetch: typeof fetch;
  timeoutMs: number;
  /** Called once the stream is open and after every event: true ends the wait. */
  isSettled: () => Promise<boolean>;
}

/** Opens the stream, then re-checks the game after each event until it settles or time runs out. */
export async function waitOnEventStream(options: EventWaitOptions): Promise<EventWaitOutcome> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  try {
    let response: Response;
    try {
      response = await options.fetch(options.url, {
        headers: { accept: 'text/event-stream' },
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) return { kind: 'timeout' };
      return { kind: 'unsupported', reason: error instanceof Error ? error.message : String(error) };
    }
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.includes('text/event-stream') || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      return { kind: 'unsupported', reason: `HTTP ${response.status} ${type || 'without a content type'}` };
    }
    // An event may have fired before the stream opened: look once now.
    if (await options.isSettled()) return { kind: 'settled' };
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let pending = '';
    let eventLines = 0;
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch {
        return timedOut ? { kind: 'timeout' } : { kind: 'closed' };
      }
      if (chunk.done) return { kind: 'closed' };
      pending += decoder.decode(chunk.value, { stream: true });
      let newline = pending.indexOf('\n');
      while (newline >= 0) {
        const line = pending.slice(0, newline).replace(/\r$/, '');
        pending = pending.slice(newline + 1);
        if (line === '') {
          // The end of an event (heartbeat comments carry no field lines and are ignored).
          if (eventLines > 0 && (await options.isSettled())) return { kind: 'settled' };
          eventLines = 0;
        } else if (!line.startsWith(':')) {
          eventLines += 1;
        }
        newline = pending.indexOf('\n');
      }
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
