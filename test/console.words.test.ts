/** The console says the service's refusals in words: an input path becomes what the form calls the field. */
import { fieldInWords, messageAs, messageInWords } from '../console/src/words.ts';
import { describe, expect, it } from '@jest/globals';

describe('console messages', () => {
  it.each([
    ['firstName: must not be empty', 'First name must not be empty'],
    ['windows[0].end: must be after start', 'Window 1 end must be after start'],
    ['input.email: must be an email address', 'Email must be an email address'],
    ['overrides[12].windows[3].start: must be HH:MM', 'Override 13 window 4 start must be HH:MM'],
    ['Not enough spaces left on this event date', 'Not enough spaces left on this event date'],
    ['That time is not available: the facilitator has another appointment then', 'That time is not available: the facilitator has another appointment then'],
  ])('%s -> %s', (raw, shown) => {
    expect(messageInWords(raw)).toBe(shown);
  });

  it("says a refusal under the form's own label for the field", () => {
    expect(messageAs('datetime: must be no earlier than 12 hours ago (a walk-in)', 'Start')).toBe('Start must be no earlier than 12 hours ago (a walk-in)');
    expect(messageAs('rule.until: must not be before from', 'Until')).toBe('Until must not be before from');
    expect(messageAs('must be at most 100', 'Capacity')).toBe('Capacity must be at most 100');
  });

  it('names a path as the form does', () => {
    expect(fieldInWords('base100Price')).toBe('Base100 price');
    expect(fieldInWords('expiresInDays')).toBe('Expires in days');
  });
});
