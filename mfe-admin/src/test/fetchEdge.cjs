// Runs before each test file's modules: the browser's fetch as a jest mock (tests give it an implementation).
window.fetch = jest.fn(() => Promise.reject(new TypeError('fetch is not mocked in this test')));
// jsdom has no Request; airtable.js probes `new Request(url).signal` to pick the browser's AbortController
if (typeof window.Request === 'undefined') {
  window.Request = class Request {
    constructor(url) {
      this.url = String(url);
      this.signal = new AbortController().signal;
    }
  };
}
