/**
 * Crashes on purpose, for the crash-page test. A click on "Crash this page" arms it: from then on
 * it throws an error with a cause whenever it renders (React retries a failed render once, so a
 * single throw would be hidden), until the test calls `window.akDisarmCrash()`; then Try again
 * shows the page working.
 */
import React, {useEffect, useState, type ReactNode} from 'react';
import Layout from '@theme/Layout';

let armed = false;

function Crasher(): ReactNode {
  const [, setClicked] = useState(false);
  useEffect(() => {
    (window as unknown as {akDisarmCrash: () => void}).akDisarmCrash = () => {
      armed = false;
    };
  }, []);
  if (armed) {
    throw new Error('Deliberate crash for the crash-page test', {cause: new Error('The cause behind it')});
  }
  return (
    <>
      <p>The page works.</p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          armed = true;
          setClicked(true);
        }}
      >
        Crash this page
      </button>
    </>
  );
}

export default function CrashPage(): ReactNode {
  return (
    <Layout title="Crash test" noFooter>
      <main className="container margin-vert--xl">
        <Crasher />
      </main>
    </Layout>
  );
}
