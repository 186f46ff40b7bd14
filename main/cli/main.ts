/** Entry point of the `trailboss` command. */
process.stdout.write('trailboss: not yet wired\n');
