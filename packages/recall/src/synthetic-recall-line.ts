/** A small synthetic conversation in the recall JSONL format (our own text, for tests). */
export function syntheticRecallLine(id: string, sessions = 8): string {
  const filler = [
    'Hey! How are things on your side this week?',
    'Busy but fine. The usual errands, some reading, not much else.',
    'Same old here too. Did you watch the match on Sunday?',
    'Only the second half, it was a tense finish though.',
  ];
  const out = [];
  for (let session = 1; session <= sessions; session += 1) {
    const texts = [...filler];
    if (session === 2) texts.splice(1, 0, 'Big news: I moved to Porto last month for a new job.');
    if (session === 5)
      texts.splice(2, 0, 'What did you name the kitten?', 'We named her Pepper, she is tiny.');
    out.push({
      id: `S${session}`,
      time: `9:00 am on ${session} April, 2024`,
      turns: texts.map((text, position) => ({
        id: `S${session}:${position + 1}`,
        speaker: position % 2 === 0 ? 'Ben' : 'Ana',
        text,
      })),
    });
  }
  return JSON.stringify({
    id,
    source: 'synthetic',
    speakers: ['Ben', 'Ana'],
    sessions: out,
    questions: [
      {
        id: `${id}-q1`,
        question: 'Where did Ana move?',
        answer: 'Porto',
        evidence: ['S2:2'],
        category: 'single-hop',
      },
      {
        id: `${id}-q2`,
        question: 'When did Ana move to Porto?',
        answer: 'March 2024',
        evidence: ['S2:2'],
        category: 'temporal',
      },
      {
        id: `${id}-q3`,
        question: 'What is the name of the kitten?',
        answer: 'Pepper',
        evidence: ['S5:3', 'S5:4'],
        category: 'multi-hop',
      },
    ],
  });
}
