// The `keys` fixture's object: a client per key name of the config, and a clear error for a name it lacks.

/** Properties that awaiting, serializing or printing an object looks for, whatever it is. */
const INSPECTED = new Set(['then', 'toJSON', 'asymmetricMatch', '$$typeof', 'nodeType', 'tagName', 'inspect']);

/**
 * The clients by key name. A name the config does not declare throws, naming the ones it does, instead of handing
 * the test an undefined client; the names a caller inspects any object by (`then`, `toJSON`, ...) are left alone.
 */
export function keyClients<C>(names: readonly string[], clientOf: (name: string) => C): Record<string, C> {
  const clients: Record<string, C> = Object.fromEntries(names.map((name) => [name, clientOf(name)]));
  return new Proxy(clients, {
    get(target, name, receiver) {
      if (typeof name === 'string' && !(name in target) && !INSPECTED.has(name))
        throw new Error(`keys.${name}: the deployment's config has no key "${name}"; its keys: ${names.join(', ')}.`);
      return Reflect.get(target, name, receiver);
    },
  });
}
