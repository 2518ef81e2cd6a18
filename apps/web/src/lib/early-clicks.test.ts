import { afterEach, describe, expect, it } from 'vitest';
import { holdEarlyClicks } from './early-clicks';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('clicks before the app has come', () => {
  it('are held, with nothing done, then clicked again in order once released', () => {
    document.body.innerHTML =
      '<form><button id="first" type="button"><span id="inside">Eng</span></button><button id="send">Войти</button></form>';
    const done: string[] = [];
    for (const id of ['first', 'send']) document.getElementById(id)?.addEventListener('click', () => done.push(id));
    let submitted = 0;
    document.querySelector('form')?.addEventListener('submit', (event) => {
      event.preventDefault();
      submitted += 1;
    });

    const release = holdEarlyClicks();
    document.getElementById('inside')?.click();
    document.getElementById('send')?.click();
    expect(done).toEqual([]);
    expect(submitted).toBe(0);

    release();
    expect(done).toEqual(['first', 'send']);
    expect(submitted).toBe(1);
    // Released, clicks go through at once.
    document.getElementById('first')?.click();
    expect(done).toEqual(['first', 'send', 'first']);
  });

  it('leave links alone, and forget a button that is gone', () => {
    document.body.innerHTML = '<a id="link" href="#somewhere">Новости</a><button id="gone">x</button>';
    let followed = 0;
    document.getElementById('link')?.addEventListener('click', (event) => {
      followed += event.defaultPrevented ? 0 : 1;
      event.preventDefault();
    });
    let gone = 0;
    const button = document.getElementById('gone');
    button?.addEventListener('click', () => {
      gone += 1;
    });

    const release = holdEarlyClicks();
    document.getElementById('link')?.click();
    button?.click();
    expect(followed).toBe(1);
    button?.remove();
    release();
    expect(gone).toBe(0);
  });
});
