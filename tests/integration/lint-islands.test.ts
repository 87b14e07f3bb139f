/**
 * The lint rule that keeps islands to store actions fires, on `.tsx` and `.ts` islands alike:
 * a value import of the API client or of a feature's call module is refused, a type import of
 * the same module is allowed, and a store module may import the client.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve('.');
const eslint = new ESLint({ cwd: ROOT });

/** The messages of the restricted-import rule for `code` as if it were the file `file`. */
async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages
    .filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((m) => m.message);
}

describe('islands call store actions only', () => {
  it('refuses the API client in a .tsx island and in a .ts island', async () => {
    const code = "import { call } from '../../lib/api/client.ts';\nexport const probe = call;\n";
    expect(await restricted('src/islands/live-room/RoomRanking.tsx', code)).toEqual([
      expect.stringContaining('Islands call store actions; the stores make the calls.'),
    ]);
    expect(await restricted('src/islands/live-room/room.ts', code)).toHaveLength(1);
  });

  it("refuses a feature's calls but lets its types through", async () => {
    const calls =
      "import { quizApi } from '../../lib/quiz/api.ts';\nexport const probe = quizApi;\n";
    expect(await restricted('src/islands/quiz/QuizTools.tsx', calls)).toHaveLength(1);
    const types =
      "import type { QuizPage } from '../../lib/quiz/api.ts';\nexport type Probe = QuizPage<number>;\n";
    expect(await restricted('src/islands/quiz/QuizTools.tsx', types)).toEqual([]);
  });

  it('lets a store call the API', async () => {
    const code = "import { call } from '../api/client.ts';\nexport const probe = call;\n";
    expect(await restricted('src/lib/stores/quiz-manage.ts', code)).toEqual([]);
  });
}, 120_000);
