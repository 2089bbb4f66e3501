import type { CloudConfigInputIssue } from '../cloud-config-issue';
import { segmentsToDottedPath, segmentsToPointer } from '../json-pointer';

/**
 * Checks that a value is plain, finite data before the schema sees it: no cycles (an object input
 * may have them; ajv would overflow its stack) and no nesting deeper than `maxDepth` (recursive
 * walkers must stay bounded). Iterative, so the check itself cannot overflow.
 */
export function checkPlainData(value: unknown, maxDepth: number): CloudConfigInputIssue | undefined {
  type Frame = { node: object; keys: string[]; next: number; segment: string | undefined };
  if (value === null || typeof value !== 'object') return undefined;
  const onPath = new Set<object>([value]);
  const stack: Frame[] = [{ node: value, keys: Object.keys(value), next: 0, segment: undefined }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.next >= frame.keys.length) {
      onPath.delete(frame.node);
      stack.pop();
      continue;
    }
    const key = frame.keys[frame.next++]!;
    const child = (frame.node as Record<string, unknown>)[key];
    if (child === null || typeof child !== 'object' || child instanceof Date || ArrayBuffer.isView(child)) continue;
    const segments = [...stack.slice(1).map((f) => f.segment!), key];
    if (onPath.has(child)) {
      return { code: 'invalid_input', path: segmentsToDottedPath(segments), pointer: segmentsToPointer(segments), message: 'the object refers to itself (cyclic data cannot be a cloud-config)' };
    }
    if (stack.length >= maxDepth) {
      return { code: 'too_deep', path: segmentsToDottedPath(segments), pointer: segmentsToPointer(segments), message: `nesting is deeper than ${maxDepth} levels` };
    }
    onPath.add(child);
    stack.push({ node: child, keys: Object.keys(child), next: 0, segment: key });
  }
  return undefined;
}
