// Runs before anything else in the npm scripts that start the app, in plain old JavaScript so that any Node can
// read it: on an unsupported Node the native database module would crash without a word, so stop first and say
// what to install.
'use strict';

var parts = process.versions.node.split('.').map(Number);
var major = parts[0];
var minor = parts[1];
var supported = (major === 22 && minor >= 12) || major >= 24;

if (!supported) {
  process.stderr.write(
    'Spectacle needs Node.js 24 (or 22.12 and later 22.x); this is Node.js ' +
      process.versions.node +
      '. Install Node.js 24 LTS from https://nodejs.org/ (or run `nvm install 24`), then run this again.\n',
  );
  process.exit(1);
}
