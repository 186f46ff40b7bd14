// `trailboss --help` rendered at build time, for the launcher to print without loading the CLI.
//
// commander wraps help to the terminal's width (80 columns for a pipe or a file), so the text is
// kept for the widths where it is exactly what commander prints: 80, and every width from the
// longest unwrapped line up to WIDEST (nothing wraps there). The build checks each such width with
// commander itself and fails on any difference; every other width loads the CLI as before.

/** Terminals wider than this load the CLI (commander) as usual. */
const WIDEST = 400;

/** The top-level help as commander prints it for `--help` at `width` columns. */
function render(buildProgram, version, width) {
  let text = '';
  const program = buildProgram(version, { stdout: (t) => void (text += t), stderr: () => {} });
  program.configureHelp({ helpWidth: width });
  try {
    program.parse(['--help'], { from: 'user' });
  } catch {
    // commander ends help with an exception (exitOverride); the text is what it wrote.
  }
  if (text === '') throw new Error(`commander printed no help at width ${width}`);
  return text;
}

/** `{ at80, wide, wideFrom, wideTo }`, checked against commander at every width it claims. */
export function prebuiltHelp(buildProgram, version) {
  const at80 = render(buildProgram, version, 80);
  const wide = render(buildProgram, version, 100_000);
  const wideFrom = Math.max(81, ...wide.split('\n').map((line) => line.length));
  for (let width = wideFrom; width <= WIDEST; width++)
    if (render(buildProgram, version, width) !== wide) throw new Error(`help at ${width} columns differs from the unwrapped help`);
  return { at80, wide, wideFrom, wideTo: WIDEST };
}
