// Matches a request path against the route table. Built once: a tree of path
// segments where a literal segment is tried before a `{param}` one, so
// `files/move` wins over `files/{fileId}`. HEAD works wherever GET does (RFC
// 9110 §9.3.2): it matches the GET route, and Allow lists it.
import type { HttpMethod, Route } from './route-table.ts';

/** A method a path may answer: the spec's own, and HEAD where GET is. */
export type AllowedMethod = HttpMethod | 'HEAD';

/** The Allow list of a path from the methods the spec lists on it: HEAD follows GET. */
export function allowedMethods(methods: readonly HttpMethod[]): AllowedMethod[] {
  return methods.flatMap((m): AllowedMethod[] => (m === 'GET' ? ['GET', 'HEAD'] : [m]));
}

export type RouteMatch =
  | { kind: 'matched'; route: Route; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: AllowedMethod[] }
  | { kind: 'not-found' }
  | { kind: 'bad-path'; detail: string };

interface Node {
  literals: Map<string, Node>;
  param?: { name: string; node: Node };
  routes: Map<string, Route>;
}

const newNode = (): Node => ({ literals: new Map(), routes: new Map() });

export interface RouteMatcher {
  /** `path` is relative to the base URL, without query string. */
  match(method: string, path: string): RouteMatch;
}

/** Compiles the matcher for a route table. */
export function createRouteMatcher(routes: Route[]): RouteMatcher {
  const root = newNode();
  for (const route of routes) {
    let node = root;
    for (const segment of route.pathTemplate.split('/').slice(1)) {
      const param = /^\{(.+)\}$/.exec(segment);
      if (param) {
        if (node.param && node.param.name !== param[1]) throw new Error(`Conflicting parameter names under ${route.pathTemplate}`);
        node.param ??= { name: param[1], node: newNode() };
        node = node.param.node;
      } else {
        if (!node.literals.has(segment)) node.literals.set(segment, newNode());
        node = node.literals.get(segment)!;
      }
    }
    node.routes.set(route.method, route);
  }

  function find(node: Node, segments: string[], index: number, params: Record<string, string>): Node | undefined {
    if (index === segments.length) return node.routes.size > 0 ? node : undefined;
    const segment = segments[index];
    const literal = node.literals.get(segment);
    const viaLiteral = literal && find(literal, segments, index + 1, params);
    if (viaLiteral) return viaLiteral;
    if (node.param && segment !== '') {
      const found = find(node.param.node, segments, index + 1, params);
      if (found) {
        params[node.param.name] = segment;
        return found;
      }
    }
    return undefined;
  }

  return {
    match(method, path) {
      const raw = path.split('/');
      if (raw[0] !== '') return { kind: 'not-found' };
      const segments: string[] = [];
      for (const part of raw.slice(1)) {
        // Nearly every segment is plain: decode (and risk the throw) only when it holds an escape.
        if (!part.includes('%')) {
          segments.push(part);
          continue;
        }
        try {
          segments.push(decodeURIComponent(part));
        } catch {
          return { kind: 'bad-path', detail: `The path segment "${part}" is not valid percent-encoding.` };
        }
      }
      const params: Record<string, string> = {};
      const node = find(root, segments, 0, params);
      if (!node) return { kind: 'not-found' };
      const upper = method.toUpperCase();
      const route = node.routes.get(upper === 'HEAD' ? 'GET' : upper);
      if (!route) return { kind: 'method-not-allowed', allowed: allowedMethods([...node.routes.keys()] as HttpMethod[]) };
      return { kind: 'matched', route, params };
    },
  };
}
