// esbuild plugin for the CLI bundle: yoga-layout (Ink's layout engine) without fetch().
//
// Why: yoga's Emscripten loader reads its WebAssembly from a base64 data: URL, and reads it with
// fetch() whenever fetch exists, as it does in Node. Node's fetch is undici, loaded on first use
// with node:http, http2, tls and crypto: 30-50 ms of CPU before the terminal UI can lay out its
// first frame, for bytes that sit in a string. Without fetch the same loader decodes the data URL
// itself; this plugin makes it take that branch, at build time, in yoga's file only.
import { readFileSync } from 'node:fs';

// The loader's test in yoga-layout 3.x: `return w||"function"!=typeof fetch?<decode>:fetch(...)`.
const FETCH_TEST = 'return w||"function"!=typeof fetch?';
const DECODE = 'return w||!0?';

/** The plugin: rewrites the one fetch test in yoga's base64 loader, or fails the build when yoga changed. */
export const yogaWithoutFetch = {
  name: 'yoga-without-fetch',
  setup(build) {
    build.onLoad({ filter: /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ }, (args) => {
      const code = readFileSync(args.path, 'utf8');
      const found = code.split(FETCH_TEST).length - 1;
      // A yoga that loads another way needs a new look, not a silent no-op.
      if (found !== 1) throw new Error(`${args.path}: expected its fetch test once, found it ${found} times`);
      return { contents: code.replace(FETCH_TEST, DECODE), loader: 'js' };
    });
  },
};
