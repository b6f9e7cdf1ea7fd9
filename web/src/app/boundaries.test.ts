import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The layer rule of eslint.config.js, run on made-up files: `npm run lint` must fail on these.
const eslint = new ESLint({ cwd: decodeURIComponent(new URL('../..', import.meta.url).pathname) });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => `${m.line}:${m.ruleId}`);
}

describe('layer boundaries', () => {
  it('fails a feature that imports another feature, by alias, relative path or import()', async () => {
    const code = [
      "import { JobManager } from '@/features/jobs/components/JobManager';",
      "import { useMyJob } from '../../jobs/components/useMyJob';",
      "export const load = () => import('@/features/map/components/MapPanel');",
      'export { JobManager, useMyJob };',
    ].join('\n');
    expect(await problems('src/features/trees/components/Bad.tsx', code)).toEqual([
      '1:no-restricted-imports',
      '2:no-restricted-imports',
      '3:no-restricted-syntax',
    ]);
  }, 30_000);

  it('fails a feature that imports the app, and the shared layer that imports a feature', async () => {
    expect(await problems('src/features/trees/Bad.ts', "export { router } from '@/app/router';")).toEqual([
      '1:no-restricted-imports',
    ]);
    expect(
      await problems('src/lib/bad.ts', "export { TreeInfoWindow } from '../features/trees/components/TreeInfoWindow';"),
    ).toEqual(['1:no-restricted-imports']);
    expect(
      await problems('src/components/Bad.tsx', "export { MapPanel } from '@/features/map/components/MapPanel';"),
    ).toEqual(['1:no-restricted-imports']);
  }, 30_000);

  it('passes a feature that imports itself and the shared layer, and the app that imports features', async () => {
    const feature = [
      "import { useTree } from '../api/getTree';",
      "import { treeKeys } from '@/api/trees/keys';",
      "import { PageHeader } from '@/components/PageHeader';",
      "import { formatDate } from '@/lib/trees/format';",
      "import { canEdit } from '@/features/trees/tree-helpers';",
      'export { useTree, treeKeys, PageHeader, formatDate, canEdit };',
    ].join('\n');
    expect(await problems('src/features/trees/components/Good.tsx', feature)).toEqual([]);
    const app = "export { TreeInfoWindow } from '@/features/trees/components/TreeInfoWindow';";
    expect(await problems('src/app/routes/Good.tsx', app)).toEqual([]);
  }, 30_000);
});
