import { describe, expect, it } from 'vitest';
import { invalidAction, invalidTarget, SpireError } from './game-error.js';

describe('SpireError', () => {
  it('maps the mod error codes to stable spire codes and keeps retryability', () => {
    const error = SpireError.fromModError(
      { code: 'state_unavailable', message: 'Game is transitioning.', retryable: true },
      'GET /state',
    );
    expect(error.code).toBe('STATE_UNAVAILABLE');
    expect(error.isRetryable).toBe(true);
    expect(error.message).toBe("GET /state: Game is transitioning. (mod error code 'state_unavailable')");
    expect(SpireError.fromModError({ code: 'teapot', message: 'x', retryable: false }).code).toBe(
      'GAME_ERROR',
    );
  });

  it('gives the mod wire shape back for engine errors', () => {
    expect(
      invalidAction('end_turn is not available on the MAP screen.', { screen: 'MAP' }).toModError(),
    ).toEqual({
      code: 'invalid_action',
      message: 'end_turn is not available on the MAP screen.',
      details: { screen: 'MAP' },
      retryable: false,
    });
    expect(invalidTarget('card_index is out of range.').toModError().code).toBe('invalid_target');
  });

  it('returns the original mod error unchanged after a round trip', () => {
    const modError = { code: 'invalid_target', message: 'target_index is out of range.', retryable: false };
    expect(SpireError.fromModError(modError).toModError()).toBe(modError);
  });

  it('is recognised by SpireError.is with and without a code', () => {
    const error = new SpireError('GAME_UNREACHABLE', 'down');
    expect(SpireError.is(error)).toBe(true);
    expect(SpireError.is(error, 'GAME_TIMEOUT')).toBe(false);
    expect(error.isRetryable).toBe(true);
  });
});
