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
