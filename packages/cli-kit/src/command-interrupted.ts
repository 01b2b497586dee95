/** The user stopped a command (Ctrl-C); the CLI exits with 130 and prints how to continue. */
export class CommandInterrupted extends Error {
  readonly exitCode = 130;
  constructor(message: string) {
    super(message);
    this.name = 'CommandInterrupted';
  }
}
