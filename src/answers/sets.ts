/**
 * A scenario document compiled with `--set` edits (src/scenario/sets.ts): every probe of a
 * balance search or a sensitivity screen is an ordinary scenario variant.
 */
import { InputError } from '../scenario/errors.ts';
import { compileScenarioDocument, type LoadedScenario } from '../scenario/load.ts';
import { applySets, setText, type SetEdit } from '../scenario/sets.ts';

/** Compiles the document with the edits; bad edits become an InputError naming `--set`. */
export function compileWithSets(subject: { readonly doc: Record<string, unknown>; readonly file: string; readonly text: string }, sets: readonly SetEdit[]): { doc: Record<string, unknown>; loaded: LoadedScenario } {
  const { doc, issues } = applySets(subject.doc, sets);
  if (issues.length) throw new InputError('command line', issues);
  try {
    return { doc, loaded: compileScenarioDocument(doc, subject.file, subject.text) };
  } catch (e) {
    if (e instanceof InputError) throw new InputError('command line', e.issues.map((i) => ({ path: `--set ${sets.map(setText).join(' --set ')}`, message: `${i.path ? i.path + ': ' : ''}${i.message}` })));
    throw e;
  }
}

