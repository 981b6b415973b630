/**
 * A folder for Windows (`win32/`, `win64/`, `windows/`, `win/`: nginx's `src/os/win32/` beside `src/os/unix/`, libuv's
 * `src/win/`) holds a program's port, which says what the code for every other system says, often in files of the same
 * names: `os/win32/ngx_process_cycle.c` came before `os/unix/ngx_process_cycle.c` for "how does the master process reload
 * the configuration?", and the copy rule (diversify.ts) then halved the Unix one. Kept level when the question names
 * Windows. nginx 5th → 4th (behind `nginx.c`), tokio 9th → 8th; no other question of 33 sets moved.
 */
export const WINDOWS_PATH = /(^|\/)(win|win32|win64|windows)\//i;
export const WINDOWS_FACTOR = 0.5;
export const WINDOWS_WORDS = new Set(['window', 'win', 'win32', 'win64', 'msvc', 'mingw']);
