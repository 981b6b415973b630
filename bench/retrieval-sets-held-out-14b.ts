// A fresh held-out check for set 14, labelled after set 14's first run showed, by mistake, what ranked above rebar3's four
// misses (rebar3 is held out no longer) and before any rule of that session was written: an OCaml web framework
// (aantron/dream at af3c9bf: one module per concern under src/server, src/http wrapping the HTTP/1 and HTTP/2 servers,
// src/sql for a SQL session back end, src/cipher, .ml beside .mli, dune files, expect tests under test/expect, 80 example
// apps under example/ each with its README). Questions a newcomer would ask, labelled from the sources before any ranking.
import type { Labelled } from './retrieval-sets-more';

const whole = (files: string): RegExp => new RegExp(`^(${files})$`);

export const DREAM: Labelled[] = [
  ['how are CSRF tokens generated and checked?', whole('src\\/server\\/csrf\\.ml')],
  ['how are session cookies stored and read back?', whole('src\\/server\\/session\\.ml')],
  ['how are sessions kept in a SQL database?', whole('src\\/sql\\/session\\.ml')],
  ['how does the router match a path with variables?', whole('src\\/server\\/router\\.ml')],
  ['how are static files served from a folder safely?', whole('src\\/unix\\/static\\.ml')],
  ['how are multipart file uploads streamed?', whole('src\\/server\\/upload\\.ml')],
  ['how is the default error page built for a failed request?', whole('src\\/http\\/error_handler\\.ml')],
  ['how is the server started with HTTPS?', whole('src\\/http\\/http\\.ml')],
  ['how are cookies encrypted?', whole('src\\/server\\/cookie\\.ml|src\\/cipher\\/cipher\\.ml')],
  ['where are the tests for the router?', whole('test\\/expect\\/server\\/router\\.ml')],
  ['how does live reload refresh the page when the server restarts?', whole('src\\/server\\/livereload\\.ml')],
  ['how are flash messages kept until the next request?', whole('src\\/server\\/flash\\.ml')],
];
