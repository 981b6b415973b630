import { createRequire } from 'node:module';
import { HostUnavailableError, type SymbolInfo } from './host';

type TsModule = typeof import('typescript');
let cached: TsModule | null | undefined;

/** Loads the TypeScript compiler lazily (a devDependency: absent in some installs). */
function loadTypeScript(): TsModule | undefined {
  if (cached === undefined) {
    try {
      cached = createRequire(__filename)('typescript') as TsModule;
    } catch {
      cached = null;
    }
  }
  return cached ?? undefined;
}

export const tsExtensions = ['.ts', '.tsx', '.js', '.jsx', '.mts', '.cts', '.mjs', '.cjs'];

/**
 * Symbol definitions of a TypeScript/JavaScript file through the TypeScript compiler API
 * (top-level declarations, class/interface members, namespace members). Ranges start at the
 * declaration's first token (leading comments excluded) and end after its last token.
 */
export function typeScriptSymbols(path: string, text: string): SymbolInfo[] {
  const ts = loadTypeScript();
  if (!ts) {
    throw new HostUnavailableError(
      `Symbols for '${path}' are unavailable: the 'typescript' package is not installed`,
      'Install typescript (npm install --save-dev typescript) or run the plan from VS Code.',
    );
  }
  const kindOfScript = /\.tsx$/.test(path) ? ts.ScriptKind.TSX : /\.jsx$/.test(path) ? ts.ScriptKind.JSX
    : /\.[mc]?js$/.test(path) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kindOfScript);
  const out: SymbolInfo[] = [];
  const range = (node: import('typescript').Node) => {
    const s = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    const e = sf.getLineAndCharacterOfPosition(node.getEnd());
    return { start: { line: s.line, character: s.character }, end: { line: e.line, character: e.character } };
  };
  const nameOf = (node: import('typescript').Node): string | undefined => {
    const n = (node as { name?: import('typescript').Node }).name;
    if (!n) return undefined;
    if (ts.isIdentifier(n) || ts.isStringLiteral(n) || ts.isPrivateIdentifier(n) || ts.isNumericLiteral(n)) return n.text;
    return undefined;
  };
  const visit = (node: import('typescript').Node, container?: string) => {
    let kind: string | undefined;
    if (ts.isFunctionDeclaration(node)) kind = 'function';
    else if (ts.isClassDeclaration(node)) kind = 'class';
    else if (ts.isInterfaceDeclaration(node)) kind = 'interface';
    else if (ts.isTypeAliasDeclaration(node)) kind = 'type';
    else if (ts.isEnumDeclaration(node)) kind = 'enum';
    else if (ts.isModuleDeclaration(node)) kind = 'namespace';
    else if (ts.isMethodDeclaration(node) || ts.isMethodSignature(node)) kind = 'method';
    else if (ts.isPropertyDeclaration(node) || ts.isPropertySignature(node)) kind = 'property';
    else if (ts.isGetAccessor(node) || ts.isSetAccessor(node)) kind = 'property';
    else if (ts.isConstructorDeclaration(node)) {
      out.push({ name: 'constructor', kind: 'constructor', range: range(node), container });
      return;
    } else if (ts.isVariableStatement(node)) {
      const decls = node.declarationList.declarations;
      for (const d of decls) {
        if (!ts.isIdentifier(d.name)) continue;
        // A single declaration owns the whole statement (`export const x = ...;`), so replacing it is clean.
        out.push({ name: d.name.text, kind: 'variable', range: range(decls.length === 1 ? node : d), container });
      }
      return;
    }
    const name = kind ? nameOf(node) : undefined;
    if (kind && name !== undefined) out.push({ name, kind, range: range(node), container });
    if (ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node)) node.members.forEach((m: import('typescript').Node) => visit(m, name));
    if (ts.isModuleDeclaration(node) && node.body && ts.isModuleBlock(node.body)) node.body.statements.forEach((s) => visit(s, name));
  };
  sf.statements.forEach((s) => visit(s));
  return out;
}
