// Prints the slowest test files of a Vitest JSON report: `node .ci/slowest.mjs REPORT [N]`.
// The phase table says how long a suite took; this says which files to make faster first.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const [report, count = '12'] = process.argv.slice(2);
const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
const files = testResults
  .map((f) => ({ name: relative(process.cwd(), f.name), seconds: (f.endTime - f.startTime) / 1000 }))
  .sort((a, b) => b.seconds - a.seconds);
const total = files.reduce((sum, f) => sum + f.seconds, 0);
console.log(`\n   slowest of ${files.length} files (${total.toFixed(0)} s in files):`);
for (const f of files.slice(0, Number(count)))
  console.log(`   ${f.seconds.toFixed(1).padStart(7)} s  ${f.name}`);
