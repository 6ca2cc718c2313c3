// The one place that says how Atelier launches Debian's Chromium headless (e2e, benchmarks). The machine's network is
// closed: without the background-networking flags Chromium keeps trying to reach Google's hosts.
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

module.exports = { CHROMIUM_PATH, CHROMIUM_ARGS };
