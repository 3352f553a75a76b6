import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyToDocument, initialLocale } from './i18n';
import { loadMessages } from './i18n/catalogues';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = container;

// The language is chosen, and its catalogue loaded (none for English), before the first render.
const locale = initialLocale();
applyToDocument(locale);
void loadMessages(locale)
  .catch(() => ({}))
  .then((messages) =>
    createRoot(root).render(
      <StrictMode>
        <App language={{ locale, messages }} />
      </StrictMode>,
    ),
  );
