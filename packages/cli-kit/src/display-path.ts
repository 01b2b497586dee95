import { relative } from 'node:path';

/** A path as the user would type it: relative to the working directory when inside it, else absolute. */
export function displayPath(cwd: string, path: string): string {
  const relativePath = relative(cwd, path);
  return relativePath === '' || relativePath.startsWith('..') ? path : relativePath;
}
