/** `salvo setup ww2`: a bad number names the flag that set it (issue 12 follow-up). */
import { describe, expect, it } from 'vitest';
import { runSetup } from '../../src/cli/commands/setup.ts';
import { InputError } from '../../src/scenario/errors.ts';

function problems(args: Record<string, string>): Array<{ path: string; message: string }> {
  try {
    runSetup({ generator: 'ww2', attacker: 'Germans', defender: 'Russians', ...args });
  } catch (e) {
    if (e instanceof InputError) return e.issues.map((i) => ({ path: i.path, message: i.message }));
    throw e;
  }
  throw new Error('expected an InputError');
}

describe('salvo setup ww2: flag names in errors', () => {
  it('--units 1e9 names --units for both sides (never --attacker / --defender)', () => {
    const p = problems({ units: '1e9' });
    expect(p.map((x) => x.path)).toEqual(['--units', '--units', '--units', '--units']);
    expect(p[0].message).toMatch(/^attacker \(A\) sub-units: .*<=1000/);
    expect(p[2].message).toMatch(/^defender \(B\) sub-units: /);
    expect(p[1].message).toMatch(/bases \(10 per sub-unit\)/);
  });
  it('explicit --bases too big names --bases; a too-big defender count names --units', () => {
    const p = problems({ units: '5,1e9', bases: '1e12,10' });
    expect(p).toContainEqual({ path: '--bases', message: expect.stringMatching(/^attacker \(A\) bases: /) });
    expect(p).toContainEqual({ path: '--units', message: expect.stringMatching(/^defender \(B\) sub-units: /) });
    expect(p.some((x) => x.path === '--attacker' || x.path === '--defender')).toBe(false);
  });
  it('an unknown nation still names its side flag', () => {
    expect(problems({ defender: 'Russianz' })).toEqual([{ path: '--defender', message: expect.stringMatching(/unknown nation 'Russianz'/) }]);
  });
  it('good flags still make a set-up', () => {
    expect(runSetup({ generator: 'ww2', attacker: 'Germans', defender: 'Russians', units: '3,2' })).toMatch(/Germans/);
  });
});
