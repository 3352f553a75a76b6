/**
 * The server's (and the DTOs') English messages in the language the app is shown in, for code
 * outside React (the API client, form validation). The translations (src/i18n/server-messages.ts,
 * about 500 messages) are loaded only for a language other than English: until then, and in
 * English, a message is shown as the server wrote it.
 */
let translator: ((text: string) => string) | null = null;

export function serverText(text: string): string {
  return translator ? translator(text) : text;
}

export function setServerTranslator(translate: ((text: string) => string) | null): void {
  translator = translate;
}
