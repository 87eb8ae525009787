/**
 * The navbar's search button. It is light on purpose: DocSearch's modal, the engine and the index
 * load only when a reader shows intent (hover, focus, touch, a shortcut), never with the page.
 * Shortcuts: Ctrl+K or Cmd+K toggles the modal; `/` opens it unless the reader is typing; Escape
 * closes it and gives focus back to the button.
 */
import React, {startTransition, useCallback, useEffect, useRef, useState, type ReactNode} from 'react';
import {startSearchWorker} from '@site/src/search/page/start-worker';
import {trapTab} from './focus-trap';
import styles from './styles.module.css';

const loadModal = () => import('./Modal');
type ModalComponent = Awaited<ReturnType<typeof loadModal>>['default'];

/** True while the reader types in a field, where `/` must stay a character. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** How long after opening the page behind the modal turns inert when no answer has come first. */
export const INERT_AFTER_MS = 1000;

function useIsApple(): boolean {
  const [apple, setApple] = useState(false);
  useEffect(() => setApple(/(Mac|iPhone|iPod|iPad)/i.test(navigator.platform || navigator.userAgent)), []);
  return apple;
}

export default function SearchBar(): ReactNode {
  const [open, setOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState<string | undefined>(undefined);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const apple = useIsApple();

  // The modal's code, held in state once loaded. Not React.lazy: React holds back content that
  // resolves a Suspense boundary for up to 300 ms, which would delay every first opening.
  const [Modal, setModal] = useState<ModalComponent | null>(null);
  // When its code fails to load (offline, a deploy that removed old chunks), the button stays
  // alive: the failure is reported, the modal does not open, and the next hover or click tries again.
  const preload = useCallback(() => {
    // The engine's worker and the index file load beside the modal's code, not after it.
    startSearchWorker();
    loadModal().then(
      // A transition: React renders the modal in slices and yields between them, so its first
      // render is not one long task that holds back keys, paint and the worker's answer.
      (m) => startTransition(() => setModal(() => m.default)),
      (error: unknown) => {
        console.error('Search could not load; try again.', error);
        setOpen(false);
      },
    );
  }, []);
  const openModal = useCallback(() => {
    preload();
    setOpen(true);
  }, [preload]);
  const closeModal = useCallback(() => {
    setOpen(false);
    setInitialQuery(undefined);
  }, []);

  // While the modal is open the page behind it is inert: out of reach of the keyboard and of
  // assistive technology, as a modal dialog requires. From the start, the dialog is marked modal and
  // Tab stays inside it (./focus-trap.ts). Making the page inert restyles all of it: tens
  // of milliseconds on a long page, taken (on a phone's few cores) from opening the modal and from
  // the search worker. So that waits until the first answer has been drawn, or `INERT_AFTER_MS` if
  // no query comes. Focus returns to the button once the modal closes.
  const wasOpen = useRef(false);
  const answered = useRef<(() => void) | undefined>(undefined);
  useEffect(() => {
    const page = document.getElementById('__docusaurus');
    if (open) {
      wasOpen.current = true;
      const releaseTab = trapTab('.DocSearch-Modal');
      const makeInert = () => page?.setAttribute('inert', '');
      let frame = 0;
      let timer = setTimeout(makeInert, INERT_AFTER_MS);
      answered.current = () => {
        answered.current = undefined;
        clearTimeout(timer);
        // The next frame draws the answer; the page turns inert in the task after it.
        frame = requestAnimationFrame(() => {
          timer = setTimeout(makeInert, 0);
        });
      };
      return () => {
        releaseTab();
        answered.current = undefined;
        cancelAnimationFrame(frame);
        clearTimeout(timer);
        page?.removeAttribute('inert');
      };
    }
    if (wasOpen.current) buttonRef.current?.focus();
    return undefined;
  }, [open]);
  const onAnswer = useCallback(() => answered.current?.(), []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey) && !event.altKey) {
        event.preventDefault();
        if (open) closeModal();
        else openModal();
      } else if (event.key === 'Escape' && open) {
        event.preventDefault();
        closeModal();
      } else if (event.key === '/' && !open && !isTyping(event.target) && !event.metaKey && !event.ctrlKey) {
        event.preventDefault();
        openModal();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open, openModal, closeModal]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K /"
        onMouseOver={preload}
        onFocus={preload}
        onTouchStart={preload}
        onClick={openModal}
      >
        <svg className={styles.icon} width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
          <circle cx="8.5" cy="8.5" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m13 13 5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className={styles.label}>Search</span>
        <span className={styles.keys} aria-hidden="true">
          <kbd className={styles.key}>{apple ? '⌘' : 'Ctrl'}</kbd>
          <kbd className={styles.key}>K</kbd>
        </span>
      </button>
      {open && Modal && <Modal initialQuery={initialQuery} onClose={closeModal} onAnswer={onAnswer} />}
    </>
  );
}
