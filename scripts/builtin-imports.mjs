// Rewrites a bundle chunk's imports of Node built-ins into process.getBuiltinModule() calls.
//
// Why: an ES module `import ... from 'node:http'` makes Node build a facade that reads every export
// of the module, lazy ones included. For node:http that loads fetch's implementation (undici, TLS,
// zlib): about 30 ms of CPU in a short-lived CLI process; node:process, node:fs and node:util cost
// 3-7 ms each. getBuiltinModule (Node 20.16 / 22.3+; the launcher refuses anything older than
// "engines") hands over the module object, and destructuring reads only the names the chunk uses.
// esbuild already writes into each chunk only the built-in names its code uses, so rewriting its
// output keeps that precision (a stand-in module per built-in, as a plugin, would not).

// Default imports of these get an object that loads the module on first use: commander imports
// node:child_process at its top for the one case it spawns (executable subcommands, which Trail Boss
// has none of); loading it (net, dgram, streams) costs every command about 3 ms of CPU.
const LAZY_DEFAULT = new Set(['node:child_process']);

// What esbuild's minified output writes: `import a from"node:x";`, `import{b as c,d}from"node:x";`,
// `import a,{b}from"node:x";`, `import*as e from"node:x";`, `import"node:x";`.
const IMPORT = /import(?:\s*([\w$]+)\s*,?)?\s*(?:\{([^{}]*)\}|\*\s*as\s+([\w$]+))?\s*(?:from\s*)?"(node:[\w/]+)";?/g;

/**
 * The chunk's code with every import of a `node:` built-in replaced by constants at its top, and
 * how many statements were replaced (the caller checks it against esbuild's metafile).
 */
export function useGetBuiltinModule(code) {
  const consts = [];
  let count = 0;
  const body = code.replace(IMPORT, (_whole, defaultName, named, namespaceName, specifier) => {
    count++;
    // globalThis: the chunk may itself declare `process` (esbuild's name for `import process from 'node:process'`).
    const load = `globalThis.process.getBuiltinModule(${JSON.stringify(specifier)})`;
    if (defaultName)
      consts.push(
        LAZY_DEFAULT.has(specifier) ? `const ${defaultName}=new Proxy({},{get:(_,k)=>${load}[k]});` : `const ${defaultName}=${load};`,
      );
    // A namespace import is the module object here: the same properties, without `default`.
    if (namespaceName) consts.push(`const ${namespaceName}=${load};`);
    if (named && named.trim() !== '') {
      const fields = named
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')
        .map((s) => {
          const [name, local] = s.split(/\s+as\s+/);
          if (name === 'default') throw new Error(`import { default } from "${specifier}" is not supported`);
          return local && local !== name ? `${name}:${local}` : name;
        });
      consts.push(`const{${fields.join(',')}}=${load};`);
    }
    // A bare `import "node:x"` only loads the module.
    if (!defaultName && !named && !namespaceName) consts.push(`${load};`);
    return '';
  });
  return { code: insertAtTop(body, consts.join('')), count };
}

/** After a leading banner line that declares `require` (build-cli's shim), else at the very start. */
function insertAtTop(code, text) {
  if (text === '') return code;
  const newline = code.indexOf('\n');
  const firstLine = newline === -1 ? code : code.slice(0, newline);
  if (firstLine.startsWith('const require')) return `${firstLine}\n${text}${code.slice(newline + 1)}`;
  return text + code;
}
