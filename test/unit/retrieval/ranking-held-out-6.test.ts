import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { WorkspaceIndex } from '../../../src/engine/retrieval/index';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { indexCorpus } from '../../support/corpus-index';

// Rules found studying the misses of the older sets while held-out set 6 (bench/retrieval-sets-held-out-6.ts) waited.
const tree = (files: Record<string, string>): Promise<WorkspaceIndex> => indexCorpus(files, 'grounded-held-out-6-');

async function ranked(index: WorkspaceIndex, question: string): Promise<string[]> {
  return [...new Set((await index.search(extractTerms(question), 10)).map((r) => r.path))];
}

describe("the project's own name in a question", () => {
  // As nginx keeps src/core/nginx.c: the file named for the project starts it, reads its options, and says its name often.
  const project = {
    'Cargo.toml': '[package]\nname = "ferry"\nversion = "1.0.0"\n',
    'README.md': '# ferry\n\nferry copies files between hosts.\n',
    'src/ferry.rs':
      '// ferry: the entry point.\nfn main() {\n    let ferry = Ferry::new();\n    let path = configuration_file_path();\n' +
      '    let config = config::parse_configuration(&read(path));\n    ferry.run(config);\n}\n\n' +
      'fn signal_ferry() {\n    // ferry reloads on SIGHUP\n}\n',
    'src/config.rs':
      '/// Parses the configuration file, one directive a line.\npub fn parse_configuration(text: &str) -> Config {\n' +
      '    let mut config = Config::default();\n    for line in text.lines() { config.parse_directive(line); }\n    config\n}\n',
  };

  it('names no file: the file about the question comes before the one named for the project', async () => {
    const index = await tree(project);
    assert.equal((await ranked(index, 'how does ferry parse the configuration file?'))[0], 'src/config.rs');
  });

  it('still scores in the text, and a question of the name alone is about the project', async () => {
    const index = await tree(project);
    assert.equal((await ranked(index, 'how does ferry reload on SIGHUP?'))[0], 'src/ferry.rs');
    assert.equal((await ranked(index, 'what is ferry?'))[0], 'README.md');
  });
});

describe('configuration as code abbreviates it', () => {
  // nginx writes conf (ngx_conf_parse, ngx_conf_file.c), Rust and Go code cfg (ripgrep's ColorSpecs from cfg): neither is config.
  const neutral = Object.fromEntries(['alloc', 'event', 'timer'].map((w) => [`src/ngx_${w}.c`, `void ngx_${w}(void) {\n    /* the ${w} code */\n}\n`]));

  it('finds the code that writes conf for a question saying configuration', async () => {
    const index = await tree({
      ...neutral,
      'src/ngx_conf_file.c':
        'char *\nngx_conf_parse(ngx_conf_t *cf, ngx_str_t *filename)\n{\n    /* read the file token by token */\n' +
        '    rc = ngx_conf_read_token(cf);\n    return ngx_conf_handler(cf, rc);\n}\n',
      'src/ngx_http_request.c':
        'ngx_int_t\nngx_http_parse_request_line(ngx_http_request_t *r, ngx_buf_t *b)\n{\n' +
        '    /* parse the request line, then parse the headers */\n    return ngx_http_parse_header_line(r, b);\n}\n',
    });
    assert.equal((await ranked(index, 'how is the configuration file parsed?'))[0], 'src/ngx_conf_file.c');
  });

  it('finds the code that writes cfg for a question saying configured', async () => {
    const index = await tree({
      ...neutral,
      'src/specs.rs': 'pub fn specs(cfg: &Cfg) -> Specs {\n    Specs::new(&cfg.colors)\n}\n',
      'src/printer.rs': 'pub fn print_match(out: &mut Out, m: &Match) {\n    // the colors of a match: set_colors(out, colors)\n    out.write(m)\n}\n',
    });
    assert.equal((await ranked(index, 'how are colors configured?'))[0], 'src/specs.rs');
  });
});

describe('allocation as code abbreviates it', () => {
  it('finds the code that writes alloc for a question saying allocated', async () => {
    const index = await tree({
      'src/ngx_alloc.c':
        'void *\nngx_alloc(size_t size, ngx_log_t *log)\n{\n    void *p = malloc(size);\n' +
        '    if (p == NULL) ngx_log_error(NGX_LOG_EMERG, log, ngx_errno, "malloc(%uz) failed", size);\n    return p;\n}\n',
      'src/ngx_event.c': 'void\nngx_event_init(ngx_cycle_t *cycle)\n{\n    /* the events a cycle waits for */\n}\n',
      'src/ngx_timer.c': 'void\nngx_timer_init(void)\n{\n    /* the timers of a cycle */\n}\n',
    });
    // Before, no file answered: none says allocated, and none memory.
    assert.deepEqual(await ranked(index, 'how is memory allocated?'), ['src/ngx_alloc.c']);
  });
});

describe("a file named by a word's short form", () => {
  it('is named by it: auth.go for "authenticated"', async () => {
    const index = await tree({
      'server/auth.go': 'func (s *Server) checkUserPassword(u *User, password string) bool {\n\treturn s.users[u.Name].Password == password\n}\n',
      'server/client.go':
        '// A user is authenticated before it may publish.\nfunc (c *client) processConnect(arg []byte) error {\n' +
        '\treturn c.srv.checkAuthentication(c)\n}\n',
      ...Object.fromEntries(['route', 'gateway', 'sublist'].map((w) => [`server/${w}.go`, `func ${w}() {\n\t// the ${w} code\n}\n`])),
    });
    assert.equal((await ranked(index, 'how are users authenticated?'))[0], 'server/auth.go');
  });
});
