/** Everything the services log, as the JSON lines they write (a destination for `createLogger`). */
export class LogCapture {
  readonly lines: string[] = [];

  write(chunk: string): void {
    this.lines.push(chunk);
  }

  text(): string {
    return this.lines.join('');
  }

  /** The parsed lines whose message contains `text`. */
  matching(text: string): Record<string, unknown>[] {
    return this.text().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => String(entry.msg ?? '').includes(text));
  }
}
