// A node:test reporter for run.mjs: how long each test file took, slowest first, printed once at the end (where
// CI's minutes go). The files run one at a time, so a file's time is from the previous file's last result to its
// own last result (its browser start and hooks included).
export default async function* fileTimes(source) {
  const started = Date.now();
  const lastResult = new Map();
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data?.file) {
      lastResult.set(
        event.data.file
          .split('/')
          .pop()
          .replace(/\.test\.mjs$/, ''),
        Date.now(),
      );
    }
  }
  let previous = started;
  const rows = [...lastResult]
    .sort((a, b) => a[1] - b[1])
    .map(([name, at]) => {
      const seconds = (at - previous) / 1000;
      previous = at;
      return [name, seconds];
    })
    .sort((a, b) => b[1] - a[1]);
  if (rows.length > 1) yield `\ne2e: seconds per file: ${rows.map(([name, s]) => `${name} ${s.toFixed(0)}`).join(', ')}\n`;
}
