import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StrataError } from '../errors/strata-error.js';
import { createTiktokenTokenizer } from '../tokenizer/tiktoken-tokenizer.js';
import { createBm25ConversationMemory } from './bm25-conversation-memory.js';
import type { ConversationEmbedder } from './conversation-embedder.js';
import type { ConversationLexicon, LexicalExpansion } from './conversation-lexicon.js';
import type { ConversationMemory } from './conversation-memory.js';
import type { ConversationTurn } from './conversation-turn.js';
import { createConversationMemory } from './layered-conversation-memory.js';
import { createWindowConversationMemory } from './window-conversation-memory.js';

const tokenizer = createTiktokenTokenizer('o200k_base');

const fillers = [
  'Morning! How was your weekend, anything fun going on?',
  'Pretty quiet, mostly cleaning the flat and catching up on sleep.',
  'Nice, sometimes a slow weekend is exactly what you need honestly.',
  'Totally. Work has been hectic lately so I welcomed the break.',
  'Same here, the new project at the office keeps everyone busy.',
  'Hope it calms down soon. Talk later?',
];

/** A long chat between Ana and Ben over many sessions, with a few facts planted in it. */
function syntheticConversation(sessions: number): ConversationTurn[] {
  const turns: ConversationTurn[] = [];
  for (let session = 1; session <= sessions; session += 1) {
    const time = `10:00 am on ${session} March, 2024`;
    const lines = [...fillers];
    if (session === 3)
      lines.splice(2, 0, 'Guess what, I adopted a greyhound called Biscuit from the shelter!');
    if (session === 4)
      lines.splice(1, 0, 'What instrument did you pick up?', 'The cello. Lessons start on Tuesday.');
    if (session === 7) lines.splice(3, 0, 'My sister Carla moved to Lisbon for her architecture job.');
    lines.forEach((text, position) => {
      turns.push({
        id: `D${session}:${position + 1}`,
        speaker: position % 2 === 0 ? 'Ana' : 'Ben',
        text,
        sessionId: `S${session}`,
        time,
      });
    });
  }
  return turns;
}

function replay(memory: ConversationMemory, turns: readonly ConversationTurn[]): ConversationMemory {
  for (const turn of turns) memory.addTurn(turn);
  return memory;
}

describe('createConversationMemory (layered)', () => {
  const turns = syntheticConversation(12);

  it('finds a planted fact far back in the conversation and dates it with its session header', async () => {
    const memory = replay(createConversationMemory({ budget: 200 }), turns);
    const context = await memory.assemble({ query: 'What is the name of the dog Ana adopted?' });
    expect(context.turnIds).toContain('D3:3');
    expect(context.text).toContain('Guess what, I adopted a greyhound called Biscuit from the shelter!');
    expect(context.text).toContain('=== Session S3 · 10:00 am on 3 March, 2024 ===');
    expect(context.text.endsWith('What is the name of the dog Ana adopted?')).toBe(true);
  });

  it('keeps the reply that answers a matched question even when the reply shares no words with the query', async () => {
    const memory = replay(createConversationMemory({ budget: 220 }), turns);
    const context = await memory.assemble({ query: 'Which instrument did Ben pick up?' });
    expect(context.turnIds).toContain('D4:3');
    expect(context.text).toContain('The cello. Lessons start on Tuesday.');
  });

  it('matches past-tense irregular verbs to a present-tense question', async () => {
    const all = syntheticConversation(12);
    const cut = all.findIndex((turn) => turn.sessionId === 'S7');
    const memory = replay(createConversationMemory({ budget: 150 }), [
      ...all.slice(0, cut),
      { id: 'X:1', speaker: 'Ben', text: 'I drew a lighthouse at dawn yesterday.', sessionId: 'S6b' },
      ...all.slice(cut),
    ]);
    const context = await memory.assemble({ query: 'What does Ben draw?' });
    expect(context.turnIds).toContain('X:1');
  });

  it('reports the exact token count of everything sent, question included', async () => {
    const memory = replay(createConversationMemory({ budget: 300 }), turns);
    const context = await memory.assemble({ query: 'Where did Carla move?' });
    expect(context.tokens).toBe(tokenizer.count(context.text));
    expect(context.tokens).toBeLessThanOrEqual(300);
    expect(context.turnIds).toContain('D7:4');
  });

  it('always includes the newest turns for continuity', async () => {
    const memory = replay(createConversationMemory({ budget: 400, recentTurns: 2 }), turns);
    const context = await memory.assemble({ query: 'greyhound' });
    expect(context.turnIds.slice(-2)).toEqual(['D12:5', 'D12:6']);
  });

  it('spends budget on a repeated text only once', async () => {
    const repeated = 'The marathon in Oslo starts at seven, remember the marathon!';
    const memory = replay(createConversationMemory({ budget: 400, recentTurns: 0 }), [
      { id: 'a1', speaker: 'Ana', text: repeated, sessionId: 'S1' },
      ...turns.map((turn) => ({ ...turn, sessionId: `x${turn.sessionId}` })),
      { id: 'b1', speaker: 'Ben', text: repeated.toUpperCase(), sessionId: 'S99' },
      { id: 'b2', speaker: 'Ben', text: 'The Oslo marathon route passes the harbour.', sessionId: 'S99' },
    ]);
    const context = await memory.assemble({ query: 'When does the Oslo marathon start?' });
    const copies = context.turnIds.filter((id) => id === 'a1' || id === 'b1');
    expect(copies).toHaveLength(1);
    expect(context.turnIds).toContain('b2');
  });

  it('fuses a plugged embedder with the lexical ranking (reciprocal rank fusion)', async () => {
    // A deterministic fake embedder: one axis per concept, so "pet" and "greyhound" point the same way.
    const concepts = [/greyhound|pet|dog/i, /cello|instrument|music/i, /lisbon|architecture/i];
    const embedder: ConversationEmbedder = {
      name: 'fake-concepts',
      async embed(texts) {
        return texts.map((text) => concepts.map((concept) => (concept.test(text) ? 1 : 0)));
      },
    };
    const query = 'Tell me about the pet';
    const plain = await replay(createConversationMemory({ budget: 70, recentTurns: 0 }), turns).assemble({
      query,
    });
    // "pet" shares no word with the greyhound turn: only the embedder can reach it.
    expect(plain.turnIds).not.toContain('D3:3');
    const fused = await replay(
      createConversationMemory({ budget: 70, embedder, recentTurns: 0 }),
      turns,
    ).assemble({ query });
    expect(fused.turnIds).toContain('D3:3');
    expect(fused.tokens).toBeLessThanOrEqual(70);
    // The lexical side still counts: an exact lexical hit stays in when the embedder knows nothing of it.
    const lexical = await replay(
      createConversationMemory({ budget: 70, embedder, recentTurns: 0 }),
      turns,
    ).assemble({ query: 'Where did Carla move for her job?' });
    expect(lexical.turnIds).toContain('D7:4');
  });

  it('embeds each turn once: a later question sends only the turns added since and the question', async () => {
    const sent: string[][] = [];
    const embedder: ConversationEmbedder = {
      name: 'counting',
      async embed(texts) {
        sent.push([...texts]);
        return texts.map((text) => [text.length % 7, 1]);
      },
    };
    const memory = replay(createConversationMemory({ budget: 200, embedder }), turns);
    await memory.assemble({ query: 'pet' });
    const first = sent.flat().length;
    expect(first).toBe(turns.length + 1);
    memory.addTurn({ id: 'new-1', speaker: 'Ana', text: 'One more thing about the dog.', sessionId: 'S99' });
    await memory.assemble({ query: 'dog' });
    expect(sent.flat().slice(first)).toEqual(['Ana: One more thing about the dog.', 'dog']);
  });

  it('rejects an embedder that returns the wrong number of vectors', async () => {
    const embedder: ConversationEmbedder = { name: 'short', embed: async () => [[1, 0]] };
    const memory = replay(createConversationMemory({ budget: 200, embedder }), turns);
    await expect(memory.assemble({ query: 'pet' })).rejects.toMatchObject({ code: 'INPUT_INVALID' });
  });

  it('counts each turn once at ingest: a question costs a few counts, not one per turn', async () => {
    let counts = 0;
    const counting = {
      ...tokenizer,
      name: tokenizer.name,
      count(text: string) {
        counts += 1;
        return tokenizer.count(text);
      },
    };
    const long = syntheticConversation(300);
    const memory = replay(createConversationMemory({ budget: 2000, tokenizer: counting }), long);
    expect(counts).toBeGreaterThanOrEqual(long.length);
    counts = 0;
    const context = await memory.assemble({ query: 'Which instrument did Ben pick up?' });
    expect(context.turnIds).toContain('D4:3');
    // Frame, question and (once each, then cached) session headers; never the 1,800 turns again.
    expect(counts).toBeLessThan(300 + 10);
    counts = 0;
    await memory.assemble({ query: 'Where did Carla move?' });
    expect(counts).toBeLessThanOrEqual(5);
  });

  it('rejects a duplicate turn id and a bad budget with clear errors', () => {
    const memory = createConversationMemory({ budget: 500 });
    memory.addTurn({ id: 'a', speaker: 'Ana', text: 'hi' });
    expect(() => memory.addTurn({ id: 'a', speaker: 'Ben', text: 'hello' })).toThrow(/already added/);
    expect(() => createConversationMemory({ budget: 0 })).toThrow(StrataError);
    expect(() => createConversationMemory({ budget: 12.5 })).toThrow(/positive whole number/);
  });

  it('throws BUDGET_UNSATISFIABLE when the budget cannot hold the frame', async () => {
    const memory = replay(createConversationMemory({ budget: 8 }), turns);
    await expect(memory.assemble({ query: 'anything' })).rejects.toMatchObject({
      code: 'BUDGET_UNSATISFIABLE',
    });
  });

  it('cuts an over-long question with a visible marker instead of exceeding the budget', async () => {
    const memory = replay(createConversationMemory({ budget: 60 }), turns);
    const context = await memory.assemble({ query: 'why '.repeat(500) });
    expect(context.tokens).toBeLessThanOrEqual(60);
    expect(context.text).toContain('question truncated');
  });
});

describe('retrieval pieces of the layered memory', () => {
  /** Two chats in one history: Ana with Ben, then Cleo with Dev, who talk about the same things. */
  function twoChats(): ConversationTurn[] {
    const turns: ConversationTurn[] = [];
    const chat = (prefix: string, speakers: [string, string], planted: string, sessions: number) => {
      for (let session = 1; session <= sessions; session += 1) {
        const lines = [...fillers];
        if (session === 2) lines.splice(1, 0, planted);
        lines.forEach((text, position) => {
          turns.push({
            id: `${prefix}${session}:${position + 1}`,
            speaker: speakers[position % 2] as string,
            text,
            sessionId: `${prefix}${session}`,
          });
        });
      }
    };
    chat('A', ['Ana', 'Ben'], 'I finally bought a kayak, a bright red one.', 3);
    for (let copy = 0; copy < 6; copy += 1) {
      chat(`C${copy}-`, ['Cleo', 'Dev'], `We rented a red kayak for river trip number ${copy + 1}.`, 2);
    }
    return turns;
  }

  it('searches only the sessions of a speaker the question names (speaker pre-filter)', async () => {
    const turns = twoChats();
    // A budget that holds a few turns: the other chat's kayak turns would crowd Ana's out.
    const query = 'Tell me about the red kayak Ana has.';
    // Without the soft speaker boosts, so the filter alone is measured.
    const options = { budget: 120, recentTurns: 0, speakerBoost: 1, sessionSpeakerBoost: 1 };
    const filtered = await replay(createConversationMemory(options), turns).assemble({ query });
    expect(filtered.turnIds).toContain('A2:2');
    expect(filtered.turnIds.every((id) => id.startsWith('A'))).toBe(true);
    const unfiltered = await replay(
      createConversationMemory({ ...options, speakerFilter: false }),
      turns,
    ).assemble({ query });
    expect(unfiltered.turnIds.some((id) => id.startsWith('C'))).toBe(true);
  });

  it('does not search by the hedges of an inference question ("might", "likely", "considered")', async () => {
    // Old turns that hedge about other things, then a chat that never names the topic asked about.
    const turns: ConversationTurn[] = [];
    for (let copy = 1; copy <= 6; copy += 1) {
      turns.push({
        id: `h${copy}`,
        speaker: 'Ben',
        text: `I might paint the fence, it is likely to rain ${copy} times.`,
      });
      turns.push({
        id: `c${copy}`,
        speaker: 'Ana',
        text: `I considered a new phone, probably next month (${copy}).`,
      });
    }
    for (let copy = 1; copy <= 12; copy += 1) {
      turns.push({
        id: `f${copy}`,
        speaker: copy % 2 ? 'Ana' : 'Ben',
        text: fillers[copy % fillers.length] as string,
      });
    }
    const context = await replay(
      createConversationMemory({ budget: 120, recentTurns: 0, speakerFill: false }),
      turns,
    ).assemble({ query: 'Might Ana likely be considered musical?' });
    expect(context.turnIds.length).toBeGreaterThan(0);
    expect(context.turnIds.every((id) => id.startsWith('f'))).toBe(true);
  });

  describe('dates the question names', () => {
    // Sessions dated 1 to 12 March, 2024; session 5 holds a fact that shares no word with the question.
    const dated = syntheticConversation(12).map((turn) =>
      turn.id === 'D5:3' ? { ...turn, text: 'We finally repainted the kitchen a lovely sage green.' } : turn,
    );
    const query = 'What did Ana do on 5 March, 2024?';

    it('brings in the turns of the session of a named day even without a matching word', async () => {
      const context = await replay(createConversationMemory({ budget: 250 }), dated).assemble({ query });
      expect(context.turnIds).toContain('D5:3');
      expect(context.text).toContain('=== Session S5 · 10:00 am on 5 March, 2024 ===');
      const off = await replay(
        createConversationMemory({ budget: 250, dates: { boost: 0, share: 0 } }),
        dated,
      ).assemble({ query });
      expect(off.turnIds.some((id) => id.startsWith('D5:'))).toBe(false);
    });

    it('prefers the copy of a matching turn said on the named day over newer copies', async () => {
      // "the new project at the office" is said in every session; only one copy is worth budget.
      const ask = 'What was said about the project on 9 March, 2024?';
      const options = { budget: 120, recentTurns: 0, speakerFill: false };
      const boosted = await replay(
        createConversationMemory({ ...options, dates: { share: 0 } }),
        dated,
      ).assemble({ query: ask });
      expect(boosted.turnIds).toContain('D9:5');
      const plain = await replay(
        createConversationMemory({ ...options, dates: { boost: 0, share: 0 } }),
        dated,
      ).assemble({ query: ask });
      expect(plain.turnIds).not.toContain('D9:5');
      expect(plain.turnIds).toContain('D12:5');
    });

    it('leaves the ranking alone when many sessions fall in a named month', async () => {
      // All twelve sessions are in March 2024: too many to add their turns, so only matches count.
      const query = 'What colour is the kitchen, as said in March 2024?';
      const context = await replay(createConversationMemory({ budget: 300, recentTurns: 0 }), dated).assemble(
        {
          query,
        },
      );
      expect(context.turnIds).toContain('D5:3');
      const off = await replay(
        createConversationMemory({ budget: 300, recentTurns: 0, dates: { boost: 0, share: 0 } }),
        dated,
      ).assemble({ query });
      expect(context.turnIds).toEqual(off.turnIds);
    });
  });

  it('searches every session again when the named speaker has no matching turn', async () => {
    const turns = twoChats();
    const context = await replay(createConversationMemory({ budget: 200, recentTurns: 0 }), turns).assemble({
      query: 'Did Ben rent a canoe for the river?',
    });
    expect(context.turnIds.some((id) => id.startsWith('C') && id.endsWith(':2'))).toBe(true);
  });

  it('spends the budget on distinct turns, not on near-duplicates, with MMR diversity', async () => {
    const turns: ConversationTurn[] = [];
    for (let copy = 1; copy <= 6; copy += 1) {
      turns.push({
        id: `dup${copy}`,
        speaker: 'Ana',
        text: `Our garden tomatoes are ripe, picked ${copy} baskets.`,
      });
      turns.push({ id: `gap${copy}`, speaker: 'Ben', text: fillers[copy % fillers.length] as string });
    }
    turns.push({ id: 'other', speaker: 'Ben', text: 'The garden also grows zucchini now.' });
    const query = 'Are the garden tomatoes ripe?';
    const options = {
      budget: 110,
      recentTurns: 0,
      speakerFill: false,
      costExponent: 0,
      followingShares: [],
      precedingShares: [],
    };
    const plain = await replay(createConversationMemory(options), turns).assemble({ query });
    const diverse = await replay(
      createConversationMemory({ ...options, diversityPenalty: 1 }),
      turns,
    ).assemble({
      query,
    });
    expect(plain.turnIds).not.toContain('other');
    expect(diverse.turnIds).toContain('other');
    expect(diverse.tokens).toBeLessThanOrEqual(110);
  });

  it("gives a list question's budget to more matches and less to the turns around each", async () => {
    const turns: ConversationTurn[] = [
      { id: 'ask', speaker: 'Ben', text: 'Anything good on holiday?' },
      {
        id: 'best',
        speaker: 'Ana',
        text: 'Two novels: a novel about whales and a novel about a lighthouse.',
      },
      {
        id: 'reply',
        speaker: 'Ben',
        text: 'Whales and lighthouses, that sounds like a very calm holiday indeed.',
      },
      ...fillers.map((text, position) => ({ id: `f${position}`, speaker: 'Ben', text })),
      { id: 'other', speaker: 'Ana', text: 'The train novel was short.' },
      ...fillers.map((text, position) => ({ id: `g${position}`, speaker: 'Ben', text })),
    ];
    const options = { budget: 75, recentTurns: 0, speakerFill: false, costExponent: 0 };
    const ask = async (query: string, listNeighbourScale: number) =>
      (await replay(createConversationMemory({ ...options, listNeighbourScale }), turns).assemble({ query }))
        .turnIds;
    // "What novels ..." asks for several: the reply around the best match gives way to another match.
    const list = 'What novels were read?';
    expect(await ask(list, 1)).toEqual(['best', 'reply']);
    expect(await ask(list, 0.5)).toEqual(['ask', 'best', 'other']);
    expect(() => createConversationMemory({ budget: 100, listNeighbourScale: -1 })).toThrow(
      expect.objectContaining({ code: 'CONFIG_INVALID' }),
    );
    // A question for one thing keeps the turns around its match whatever the setting.
    const single = 'Which novel was about whales?';
    expect(await ask(single, 0.5)).toEqual(await ask(single, 1));
  });

  it('weighs the answer type of a "what" question above the words that frame it', async () => {
    const turns: ConversationTurn[] = [
      { id: 'frame', speaker: 'Ana', text: 'The lake, oh the lake was lovely.' },
      ...fillers.map((text, position) => ({ id: `f${position}`, speaker: 'Ben', text })),
      { id: 'type', speaker: 'Ana', text: 'That novel was lovely.' },
      ...fillers.map((text, position) => ({ id: `g${position}`, speaker: 'Ben', text })),
    ];
    const options = {
      budget: 55,
      recentTurns: 0,
      speakerFill: false,
      costExponent: 0,
      followingShares: [],
      precedingShares: [],
      feedback: { turns: 0, terms: 0, weight: 0 },
    };
    const query = 'What novel did Ana like at the lake?';
    const ask = async (focusBoost: number) =>
      (await replay(createConversationMemory({ ...options, focusBoost }), turns).assemble({ query })).turnIds;
    // Room for one of them: "lake" twice beats "novel" once, unless the answer type weighs more.
    expect(await ask(1)).toEqual(['frame']);
    expect(await ask(1.5)).toEqual(['type']);
  });

  it('reads more first hits for the feedback round of a question asking for several things (listFeedback)', async () => {
    const turns: ConversationTurn[] = [
      // Shares no word with the question: only a feedback term ("Tolkien") reaches it.
      { id: 'evidence', speaker: 'Ana', text: 'Tolkien is the one I reread every winter.' },
      // Out of reach of the hits' neighbour shares.
      ...[0, 1, 2].map((n) => ({ id: `gap${n}`, speaker: 'Ben', text: fillers[n] as string })),
      // The five best hits say "books" most and never "Tolkien"; the next five say it.
      ...[1, 2, 3, 4, 5].map((n) => ({
        id: `strong${n}`,
        speaker: 'Ana',
        text: `Books, books, books at the fair, stall ${n}.`,
      })),
      ...[1, 2, 3, 4, 5].map((n) => ({
        id: `weak${n}`,
        speaker: 'Ana',
        text: `Those books by Tolkien were long, volume ${n} included.`,
      })),
      ...Array.from({ length: 30 }, (_, n) => ({
        id: `f${n}`,
        speaker: 'Ben',
        text: `${fillers[n % fillers.length]} (${n})`,
      })),
    ];
    const options = { budget: 300, recentTurns: 0, speakerFill: false };
    const query = 'What books has Ana read?';
    const ask = async (listFeedback?: { turns: number; terms: number; weight: number }) =>
      (
        await replay(
          createConversationMemory(listFeedback ? { ...options, listFeedback } : options),
          turns,
        ).assemble({ query })
      ).turnIds;
    // The same round as any other question: five hits read, "Tolkien" never added.
    expect(await ask({ turns: 5, terms: 8, weight: 0.3 })).not.toContain('evidence');
    expect(await ask()).toContain('evidence');
  });

  describe('compound spellings', () => {
    // Room for about one turn besides the frame and the question.
    const options = {
      budget: 62,
      recentTurns: 0,
      speakerFill: false,
      followingShares: [],
      precedingShares: [],
      feedback: { turns: 0, terms: 0, weight: 0 },
    };
    const chat = (planted: string[]): ConversationTurn[] => [
      ...planted.map((text, position) => ({ id: `p${position}`, speaker: 'Ana', text })),
      ...fillers.map((text, position) => ({ id: `f${position}`, speaker: 'Ben', text })),
    ];
    const ask = async (turns: ConversationTurn[], query: string, compoundSpellings: boolean) =>
      (await replay(createConversationMemory({ ...options, compoundSpellings }), turns).assemble({ query }))
        .turnIds;

    it('matches a closed compound of the question to its open spelling in a turn ("roadtrip": "road trip")', async () => {
      const turns = chat(['We finally did the road trip along the coast.']);
      const query = 'When did Ana go on the roadtrip?';
      expect(await ask(turns, query, false)).not.toContain('p0');
      expect(await ask(turns, query, true)).toContain('p0');
    });

    it('matches two question words to their joined spelling in a turn ("ice cream": "icecream")', async () => {
      const turns = chat(['Made coconut icecream at home, so good.']);
      const query = 'What ice cream does Ana love?';
      expect(await ask(turns, query, false)).not.toContain('p0');
      expect(await ask(turns, query, true)).toContain('p0');
    });

    it('does not split a word whose halves no turn says side by side', async () => {
      // "trans" and "gender" both occur, never as "trans gender": no turn spells "transgender" that way.
      const turns = chat(['The trans flag was up all week.', 'Gender studies class ran late again.']);
      const query = 'What did Ana say about transgender rights?';
      const turnIds = await ask(turns, query, true);
      expect(turnIds).not.toContain('p0');
      expect(turnIds).not.toContain('p1');
    });
  });

  it('reaches a turn that shares no word with the question through co-occurrence expansion', async () => {
    const turns: ConversationTurn[] = [
      { id: 'c1', speaker: 'Ana', text: 'Camping at the lake, the campfire was lovely.' },
      { id: 'c2', speaker: 'Ben', text: 'Camping again soon? I miss the campfire.' },
      { id: 'c3', speaker: 'Ana', text: 'Camping with a campfire is the best part of summer.' },
      ...fillers.map((text, position) => ({ id: `f${position}`, speaker: 'Ben', text })),
      { id: 'target', speaker: 'Ana', text: 'We roasted marshmallows over the campfire last night.' },
      ...fillers.map((text, position) => ({ id: `g${position}`, speaker: 'Ben', text })),
    ];
    const query = 'Any camping stories?';
    const options = {
      budget: 140,
      recentTurns: 0,
      speakerFill: false,
      followingShares: [],
      precedingShares: [],
    };
    const feedbackOff = { turns: 0, terms: 0, weight: 0 };
    const plain = await replay(
      createConversationMemory({ ...options, feedback: feedbackOff }),
      turns,
    ).assemble({
      query,
    });
    const expanded = await replay(
      createConversationMemory({ ...options, feedback: feedbackOff, expansion: { terms: 4 } }),
      turns,
    ).assemble({ query });
    expect(plain.turnIds).not.toContain('target');
    expect(expanded.turnIds).toContain('target');
  });

  describe('lexicon expansion', () => {
    // A deterministic fake lexicon that records the words it is asked about.
    const asked: string[][] = [];
    const lexicon: ConversationLexicon = {
      name: 'fake-lexicon',
      related(words) {
        asked.push([...words]);
        const out: LexicalExpansion[] = [];
        words.forEach((word, position) => {
          if (word === 'martial' && words[position + 1] === 'arts') {
            out.push({ text: 'tae kwon do', weight: 0.7, from: [position, position + 1] });
            out.push({ text: 'taekwondo', weight: 0.7, from: [position, position + 1] });
          }
          if (word === 'john') out.push({ text: 'toilet', weight: 1, from: [position] });
        });
        return out;
      },
    };
    const turns: ConversationTurn[] = [
      ...fillers.map((text, position) => ({ id: `f${position}`, speaker: 'Ana', text })),
      { id: 'target', speaker: 'John', text: "I'm off to do some taekwondo!" },
      { id: 'toilet', speaker: 'Ana', text: 'The toilet at the office is broken again.' },
      ...fillers.map((text, position) => ({ id: `g${position}`, speaker: 'John', text })),
    ];
    const options = {
      budget: 90,
      recentTurns: 0,
      speakerFill: false,
      followingShares: [],
      precedingShares: [],
      feedback: { turns: 0, terms: 0, weight: 0 },
    };
    const query = 'What martial arts has John done?';

    it('reaches a turn that shares no word with the question through the lexicon', async () => {
      const plain = await replay(createConversationMemory(options), turns).assemble({ query });
      const expanded = await replay(createConversationMemory({ ...options, lexicon }), turns).assemble({
        query,
      });
      expect(plain.turnIds).not.toContain('target');
      expect(expanded.turnIds).toContain('target');
      expect(expanded.tokens).toBeLessThanOrEqual(90);
    });

    it('asks about the question words with names blanked, so a speaker is never expanded', async () => {
      asked.length = 0;
      const context = await replay(createConversationMemory({ ...options, lexicon }), turns).assemble({
        query,
      });
      expect(asked).toEqual([['what', 'martial', 'arts', 'has', '', 'done']]);
      expect(context.turnIds).not.toContain('toilet');
    });

    it('leaves a word that many turns match unexpanded (sourceFrequency)', async () => {
      const many: ConversationTurn[] = [
        ...turns,
        ...[1, 2, 3].map((copy) => ({ id: `m${copy}`, speaker: 'Ana', text: `Martial arts class ${copy}.` })),
      ];
      // focusSourceFrequency 0: "arts", the answer type's head, gets the same limit as other words.
      const strict = await replay(
        createConversationMemory({
          ...options,
          lexicon,
          lexical: { sourceFrequency: 2, focusSourceFrequency: 0 },
        }),
        many,
      ).assemble({ query });
      const loose = await replay(
        createConversationMemory({
          ...options,
          lexicon,
          lexical: { sourceFrequency: 3, focusSourceFrequency: 0 },
        }),
        many,
      ).assemble({ query });
      expect(strict.turnIds).not.toContain('target');
      expect(loose.turnIds).toContain('target');
    });

    it("expands the answer type's head noun while it matches up to focusSourceFrequency turns", async () => {
      const many: ConversationTurn[] = [
        ...turns,
        ...[1, 2, 3].map((copy) => ({ id: `m${copy}`, speaker: 'Ana', text: `Martial arts class ${copy}.` })),
      ];
      // "arts" (the head of "martial arts") is in 3 turns, over sourceFrequency 2: expanded by default
      // (focusSourceFrequency 20), not with a focus limit of 2.
      const focused = await replay(
        createConversationMemory({ ...options, lexicon, lexical: { sourceFrequency: 2 } }),
        many,
      ).assemble({ query });
      const unfocused = await replay(
        createConversationMemory({
          ...options,
          lexicon,
          lexical: { sourceFrequency: 2, focusSourceFrequency: 2 },
        }),
        many,
      ).assemble({ query });
      expect(focused.turnIds).toContain('target');
      expect(unfocused.turnIds).not.toContain('target');
    });
  });
});

describe('budget guarantee (all strategies)', () => {
  const factories = {
    layered: (budget: number) => createConversationMemory({ budget, tokenizer }),
    window: (budget: number) => createWindowConversationMemory({ budget, tokenizer }),
    bm25: (budget: number) => createBm25ConversationMemory({ budget, tokenizer }),
  };
  const turnArbitrary = fc.record({
    speaker: fc.constantFrom('Ana', 'Ben', 'Dr. Who', 'x:y'),
    text: fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom(...fillers),
      fc.string({ unit: 'grapheme', maxLength: 60 }),
    ),
    session: fc.integer({ min: 0, max: 2 }),
  });

  for (const [name, create] of Object.entries(factories)) {
    it(`${name}: never exceeds the budget and reports the exact count, for any turns and question`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(turnArbitrary, { maxLength: 40 }),
          fc.oneof(
            fc.string({ maxLength: 120 }),
            fc.string({ unit: fc.constantFrom(' ', '\n', '/', '=', 'x'), maxLength: 30 }),
          ),
          fc.integer({ min: 40, max: 600 }),
          async (items, query, budget) => {
            const memory = create(budget);
            let session = 1;
            items.forEach((item, position) => {
              session += item.session === 0 ? 1 : 0;
              memory.addTurn({
                id: `t${position}`,
                speaker: item.speaker,
                text: item.text,
                sessionId: `S${session}`,
                time: `day ${session}`,
              });
            });
            const context = await memory.assemble({ query });
            expect(context.tokens).toBe(tokenizer.count(context.text));
            expect(context.tokens).toBeLessThanOrEqual(budget);
          },
        ),
        { numRuns: 60 },
      );
    });
  }

  it('window keeps the newest turns without gaps', async () => {
    const memory = replay(createWindowConversationMemory({ budget: 150 }), syntheticConversation(5));
    const context = await memory.assemble({ query: 'hello' });
    const ids = syntheticConversation(5).map((turn) => turn.id);
    expect(context.turnIds.length).toBeGreaterThan(0);
    expect(context.turnIds).toEqual(ids.slice(ids.length - context.turnIds.length));
  });

  it('bm25 ranks the turn sharing the rare words first', async () => {
    const memory = replay(createBm25ConversationMemory({ budget: 90 }), syntheticConversation(10));
    const context = await memory.assemble({ query: 'greyhound shelter' });
    expect(context.turnIds).toContain('D3:3');
  });
});
