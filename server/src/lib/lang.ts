/** The server's two languages: pt-BR (the default) and English. */
export type Lang = 'pt-BR' | 'en';
