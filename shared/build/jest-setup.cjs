require('@testing-library/jest-dom');
// findBy*/waitFor wait up to 5 s, not testing-library's 1 s: on the busy CI machine a render that resolves an
// awaited query can take longer than 1 s, and a query that never matches still fails.
require('@testing-library/dom').configure({ asyncUtilTimeout: 5_000 });
// react-router 7 needs these; jsdom does not provide them
const { TextEncoder, TextDecoder } = require('util');
if (!global.TextEncoder) global.TextEncoder = TextEncoder;
if (!global.TextDecoder) global.TextDecoder = TextDecoder;
// jsdom lacks these browser APIs that components use; give them inert, observable versions (a test file that runs
// in the node environment, a server render's, has no window and needs none).
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent() {
        return false;
      },
    });
  }
  if (!window.IntersectionObserver) {
    class IO {
      constructor(cb) {
        this.cb = cb;
      }
      observe(el) {
        this.cb([{ isIntersecting: true, target: el, intersectionRatio: 1 }], this);
      }
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    }
    window.IntersectionObserver = IO;
    global.IntersectionObserver = IO;
  }
  if (!window.ResizeObserver) {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  window.scrollTo = window.scrollTo || (() => {});
  Element.prototype.scrollIntoView = Element.prototype.scrollIntoView || function () {};
}
