import { afterEach, describe, expect, it } from 'vitest';
import { bannersInPage } from './content-queries';

const BANNERS = [
  { id: 1, bannerType: 1, title: 'Earn </script> & more', imageUrl: '/banners/1.svg', link: '' },
];

/** The element the server writes first in <head> (apps/server/src/http/built-app.ts). */
function pageWith(lang: string, text: string): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'home-banners';
  element.dataset.pageLang = lang;
  element.textContent = text;
  document.head.appendChild(element);
}

afterEach(() => document.getElementById('home-banners')?.remove());

describe('bannersInPage', () => {
  it("answers home's banners the server put in the page, in its language", () => {
    pageWith('en', JSON.stringify(BANNERS).replace(/</g, '\\u003c').replace(/&/g, '\\u0026'));
    expect(bannersInPage('en')).toEqual(BANNERS);
  });

  it('answers nothing for another language, a page without them, or what is not a banner list', () => {
    expect(bannersInPage('en')).toBeUndefined();
    pageWith('fr', JSON.stringify(BANNERS));
    expect(bannersInPage('en')).toBeUndefined();
    document.getElementById('home-banners')?.remove();
    pageWith('en', '[{"id": "one"}]');
    expect(bannersInPage('en')).toBeUndefined();
    document.getElementById('home-banners')?.remove();
    pageWith('en', 'not json');
    expect(bannersInPage('en')).toBeUndefined();
  });
});
