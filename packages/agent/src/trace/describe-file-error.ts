// Node's fs errors (ENOTDIR, EISDIR, EACCES...) in words, so commands and writers can report a path
// as what is wrong with it instead of passing the raw error on.

/** Why a file-system call failed, in words, from its errno code. */
export function describeFileError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'it does not exist';
    case 'ENOTDIR':
    case 'EEXIST':
      return 'a file is in the way (the path, or a folder on it, is a file, not a directory)';
    case 'EISDIR':
      return 'it is a directory, not a file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
      return 'the disk is full';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/** True for the errors Node's fs calls throw (they carry an errno code and a syscall). */
export function isFileSystemError(error: unknown): error is NodeJS.ErrnoException {
  const candidate = error as NodeJS.ErrnoException | undefined;
  return typeof candidate?.code === 'string' && typeof candidate.syscall === 'string';
}
