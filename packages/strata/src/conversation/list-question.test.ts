import { describe, expect, it } from 'vitest';
import { isListQuestion } from './list-question.js';

describe('isListQuestion', () => {
  it('reads a plural answer type before the auxiliary verb', () => {
    expect(isListQuestion('What books has Tim read?')).toBe(true);
    expect(isListQuestion('What European countries has Maria been to?')).toBe(true);
    expect(isListQuestion('What kind of writings does Joanna do?')).toBe(true);
    expect(isListQuestion('Which activities did the children enjoy?')).toBe(true);
    expect(isListQuestion('What people did Ana meet at the shelter?')).toBe(true);
  });

  it('reads "how many" and "both" as lists', () => {
    expect(isListQuestion('How many turtles does Nate have?')).toBe(true);
    expect(isListQuestion('What do Ana and Ben both like?')).toBe(true);
  });

  it('leaves single-answer questions alone', () => {
    expect(isListQuestion('What is the name of the dog Ana adopted?')).toBe(false);
    expect(isListQuestion('What book did Tim read last week?')).toBe(false);
    expect(isListQuestion('What status does Ana have?')).toBe(false);
    expect(isListQuestion('Which song motivates Caroline to be courageous?')).toBe(false);
    expect(isListQuestion('When did Maria meet Jean?')).toBe(false);
    expect(isListQuestion('')).toBe(false);
  });
});
