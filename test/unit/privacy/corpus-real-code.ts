import { type Case, type Negative, R } from './corpus-helpers';

// Shapes met in real repositories (ansible, redis, nginx, nats-server, caddy, tokio, laravel) that a
// rule took for a secret, and since one finding is redacted again at every copy in its file, blanked
// a flag or an identifier throughout. Beside each, the true finding of the same rule that must stay.

export const realCodeLookalikes: Negative[] = [
  ['the next flag or a pipe after a flag named for a password',
    'ansible-vault view "$@" --vault-password-file vault-password --vault-id vault-password-wrong "${TEST_FILE}"\n' +
      "setsid sh -c 'tty; echo password |ansible-vault edit --ask-vault-pass vault_test.yml'"],
  ['a message in code: the word after "password" ends in a string escape',
    't.Fatalf("Password is incorrect.\\nexpected: %s\\ngot: %s", want, got)\n' +
      "raise AnsibleError('timeout waiting for privilege escalation password prompt:\\n' + to_native(out))"],
  ['"default password" in a comment is no .netrc entry', ' * to make sure OpenSSL\'s default password callback\n * Set the default password broker name.'],
  ['a constant or a variable named for the field under a user-name key',
    'opts.Username = AUTH_USER\nccf->username = NGX_USER;\n    username = url_username'],
  ['a printf verb after a key written inside a format string',
    '"acl_access_denied_auth:%lld\\r\\n"\nfmt.Fprintf(c, "CONNECT {\\"user\\":%q,\\"pass\\":%q}\\r\\nPING\\r\\n", user, pass)'],
  ['a name then a bracket: an index, a call or a composite literal after a secret-named key',
    "cmd_token = GalaxyToken(token=context.CLIARGS['api_key'])\n\tauth := Authentication{\n" +
      '\tsourceToken := tokens[tr.dtokmftokindexesargs[i][0]]\n    password = c->argv[++j]->ptr;'],
  ['a type path after a token-named field', '    _token: mio::Token,\n    brace_token: syn::token::Brace,'],
  ['an expression with `or` after a password-named variable', '        vault_password_files = vault_password_files or []'],
  ['a protocol keyword in a string, then the code after it', 'p = ngx_cpymem(line.data, "PASS ", sizeof("PASS ") - 1);'],
  ['the verb "pass" before a quoted word in a comment', '    // Pass "gzip" as the Accept-Encoding header.'],
  ['a printf verb and a composite literal met in a secret scanner\'s own code',
    '\t\tSecretParts: map[string]string{\n\t"HMAC-SHA256 Credential=%s&SignedHeaders=date;host&Signature=%s",'],
  ['a setting named for passwords, compared with or set to its word (ansible)',
    "        if self.update_password == 'always' and self.password is not None:\n      update_password: on_create\n" +
      '$update_password = Get-AnsibleParam -obj $params -name "update_password" -type "str" -default "always"'],
  ['arguments of a Tcl test counting in pairs of digits (redis)',
    'r hset h18 01 01 02 02 03 03 04 04 05 05 06 06 07 07 08 08\nassert_equal [lsort [r HKEYS h6]] "01 02 03 04 06"\n' +
      "$actual.Triggers[3].Data[1] | Assert-Equal -Expected '05 06 07 08 09'\n#   so range can be [01:10:2] -> 01 03 05 07 09"],
  ['an HTTP status line (nginx)', 'ngx_string("502 Bad Gateway"),\n"<head><title>502 Bad Gateway</title></head>" CRLF'],
];

export const realCodeCases: Case[] = [
  ['a password before a string escape is still one', 'fp.write("login me password Zx9!kQ2mPw\\n")', `fp.write("login me password ${R('password')}\\n")`],
  ['a .netrc default entry on its own line', 'default login deploy password Zx9!kQ2m\n', `default login deploy password ${R('password')}\n`],
  ['a flag\'s value that is not itself a flag', 'sshpass -p Zx9!kQ2m ssh host', `sshpass -p ${R('password')} ssh host`],
  ['a handle with a digit under a user-name key', 'username: jsmith84', `username: ${R('username')}`],
  ['a password given after the bare word pass', 'pass "Zx9!kQ2m";', `pass "${R('password')}";`],
  ['a random value under a setting named for passwords is still one', 'UPDATE_PASSWORD=Xk29!aQmz', `UPDATE_PASSWORD=${R('password')}`],
  ['French and Israeli numbers in a list, beside counting pairs', 'Tél : 01 42 68 53 00\nr hset h3 01 01 02 02 03 03\nphones 052 5552606 074-7111234',
    `Tél : ${R('phone')}\nr hset h3 01 01 02 02 03 03\nphones ${R('phone', 2)} ${R('phone', 3)}`],
  ['a street named for a gateway, and a host beside a documentation address',
    'Ship to 502 Harbor Gateway, Torrance, CA 90501 from 10.20.30.40, not 192.0.2.10',
    `Ship to ${R('street_address')} from ${R('ip_address')}, not ${R('ip_address', 2)}`],
];
