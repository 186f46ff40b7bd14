// A scripted pane program: prints every chunk it reads from its terminal as one `K:<json>` line,
// so a test sees exactly which bytes a key, a literal text or a paste produced.
process.stdin.setRawMode(true);
if (process.argv.includes('--bracketed')) process.stdout.write('\x1b[?2004h');
process.stdout.write('READY\r\n');
process.stdin.on('data', (d) => process.stdout.write(`K:${JSON.stringify(d.toString('utf8'))}\r\n`));
