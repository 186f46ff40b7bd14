// `node --import ./register.mjs app.js`: resolves `electron` to the stand-in beside this file, and
// the app's native dependency from the repository (a bundle built into a temp dir has no node_modules).
import { registerHooks } from 'node:module';

const STUB = new URL('./electron.mjs', import.meta.url).href;
const REPO = new URL('../../../../package.json', import.meta.url).href;
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'electron') return { url: STUB, shortCircuit: true };
    if (specifier === 'better-sqlite3') return nextResolve(specifier, { ...context, parentURL: REPO });
    return nextResolve(specifier, context);
  },
});
