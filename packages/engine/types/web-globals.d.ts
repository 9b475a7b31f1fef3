// Web-standard globals that every runtime the engine targets has (Node >= 18, browsers, workers).
// The engine compiles with an ES-only lib so that no other DOM or Node API can slip in; these
// few are declared by hand. Only packages/engine/tsconfig.json includes this file (the root
// tsconfig has the DOM lib, which declares them already).
declare var TextEncoder: { new (): { encode(input?: string): Uint8Array } }
declare var TextDecoder: { new (label?: string): { decode(input?: Uint8Array): string } }
