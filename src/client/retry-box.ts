/** The page-load failure box, built with plain DOM because React could not start. */

export const RETRY_BOX_ID = 'ak-page-load-error';

/** Webpack's and Rspack's errors for a script or stylesheet chunk that did not load. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || /Loading (CSS )?chunk [^ ]+ failed/.test(error.message);
}

export function renderRetryBox(doc: Document, message: string, retry: () => void): HTMLElement {
  doc.getElementById(RETRY_BOX_ID)?.remove();
  const box = doc.createElement('div');
  box.id = RETRY_BOX_ID;
  box.setAttribute('role', 'alert');
  box.className = 'ak-page-load-error';
  const title = doc.createElement('p');
  title.className = 'ak-page-load-error__title';
  title.textContent = 'This page could not finish loading.';
  const detail = doc.createElement('p');
  detail.textContent = message;
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'button button--secondary';
  button.textContent = 'Retry';
  button.addEventListener('click', retry);
  box.append(title, detail, button);
  doc.body.prepend(box);
  return box;
}
