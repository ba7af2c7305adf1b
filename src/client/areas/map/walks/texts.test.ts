import { describe, expect, it } from 'vitest';
import { walksTexts } from './texts.js';

describe('the walk recorder’s lines', () => {
  it('shows a distance only with a track, and "Ohne Position" only without one', () => {
    expect(walksTexts.running(12, 700)).toBe('Unterwegs seit 12 Min. · 0,7 km');
    expect(walksTexts.running(12, null)).toBe('Unterwegs seit 12 Min.');
    expect(walksTexts.trackNote(false, 'off')).toBe('Ohne Position: wir speichern nur die Dauer.');
    // Positions lost after part of the way: the way so far is kept, so the note must not say "only the time".
    expect(walksTexts.trackNote(true, 'off')).not.toContain('nur die Dauer');
    expect(walksTexts.trackNote(true, 'on')).toContain('zeichnen wir deinen Weg auf');
  });
});
