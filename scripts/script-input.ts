/**
 * What a script takes from its user (a scenario file, agent names), checked as `salvo run` checks
 * them: bad input prints the CLI's "file:line: path: message" lines and exits 2, never a stack trace.
 */
import { checkAgentChoices } from '../src/agents/resolve.ts';
import { parseAgentChoice } from '../src/core/agent.ts';
import { InputError } from '../src/core/errors.ts';
import { loadScenarioFile, type LoadedScenario } from '../src/scenario/load.ts';
import { loadSystemsOfFile } from '../src/scenario/systems.ts';

/** The scenario of `file`, its system loaded, after checking `agents` (named by `flag` in errors). */
export async function loadScenarioForScript(file: string, agents: readonly string[], flag: string): Promise<LoadedScenario> {
  try {
    await loadSystemsOfFile(file);
    const loaded = loadScenarioFile(file);
    const issues = checkAgentChoices(loaded.system, agents.map(parseAgentChoice), flag);
    if (issues.length) throw new InputError('command line', issues);
    return loaded;
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    process.stderr.write(e.message + '\n');
    process.exit(2);
  }
}

/**
 * A script's `--name value` flags from process.argv: `usage(msg)` prints "<script>: msg" and the
 * usage line and exits 2; `flag` is a value or undefined (a flag with no value is a usage error);
 * `whole` a whole number >= 0, `dflt` when the flag is absent.
 */
export function scriptFlags(script: string, usageLine: string) {
  const usage = (msg: string): never => {
    process.stderr.write(`${script}: ${msg}\n${usageLine}\n`);
    process.exit(2);
  };
  const flag = (name: string): string | undefined => {
    const i = process.argv.indexOf(name);
    if (i < 0) return undefined;
    const v = process.argv[i + 1];
    if (v === undefined || v.startsWith('--')) usage(`${name} needs a value`);
    return v;
  };
  const whole = (name: string, dflt: number): number => {
    const raw = flag(name);
    const v = Number(raw ?? dflt);
    if (!Number.isInteger(v) || v < 0) usage(`${name}: expected a whole number, got ${raw}`);
    return v;
  };
  return { usage, flag, whole };
}
