import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser files in the order that keeps both workers busy to the end. Without timings of an
 * earlier run (a fresh clone), vitest runs larger files first, and the screen tour's two files are
 * a few lines each (tests/e2e/support/screen-tour.ts does the work) while they are among the
 * longest: run last, one worker waited on them alone. They go first; the rest keep vitest's order.
 */
const LONG_FOR_THEIR_SIZE = ['tests/e2e/screens-de-ru.test.ts', 'tests/e2e/screens-th-ja.test.ts'];

export default class BrowserSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (f: TestSpecification) => LONG_FOR_THEIR_SIZE.some((name) => f.moduleId.endsWith(name));
    return [...sorted.filter(long), ...sorted.filter((f) => !long(f))];
  }
}
