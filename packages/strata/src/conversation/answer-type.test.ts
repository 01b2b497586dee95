import { describe, expect, it } from 'vitest';
import { answerTypeWords } from './answer-type.js';

describe('answerTypeWords', () => {
  it('reads the words between "what"/"which" and the auxiliary verb', () => {
    expect(answerTypeWords('What European countries has Maria been to?')).toEqual(['european', 'countries']);
    expect(answerTypeWords('Which city did Ana visit first?')).toEqual(['city']);
    expect(answerTypeWords('In what ways is Ben helping?')).toEqual(['ways']);
  });

  it('leaves out "kind of" and its like', () => {
    expect(answerTypeWords('What kind of books does Tim read?')).toEqual(['books']);
    expect(answerTypeWords('What types of pottery have they made?')).toEqual(['pottery']);
  });

  it('is empty without a type before the verb, or without a verb close enough to end it', () => {
    expect(answerTypeWords('What is the name of the dog?')).toEqual([]);
    expect(answerTypeWords('Which song motivates Caroline to be courageous?')).toEqual([]);
    expect(answerTypeWords('When did Maria meet Jean?')).toEqual([]);
    expect(answerTypeWords('')).toEqual([]);
  });
});
