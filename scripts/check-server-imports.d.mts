/** One broken structure rule: which rule, the src-relative file (or the first unit of a cycle), and why. */
export interface StructureProblem {
  rule: 'cycle' | 'foreign-import' | 'repository' | 'sql' | 'barrel' | 'layer';
  file: string;
  message: string;
}

/** Checks a source tree shaped like apps/server/src (see the script's header for the rules). */
export function checkServerSource(src: string): StructureProblem[];
