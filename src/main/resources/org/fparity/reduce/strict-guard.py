# fparity STRICT guard: gives every floating-point variable that C zero-initialises without an initialiser (file scope,
# or static in a function) the value -3, so a build of the copy shows whether the program reads that zero as an input.
# usage: python3 strict-guard.py IN.c OUT.c
import re, sys
src = open(sys.argv[1]).read()
TOK = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|/\*.*?\*/|//[^\n]*|#[^\n]*|\w+|\S|\s+', re.S)
toks = TOK.findall(src)
out, depth, i, start = [], 0, 0, True
def decl(stmt):
    words = [t for t in stmt if t.strip() and not t.startswith(('/*', '//'))]
    k = 0
    while k < len(words) and words[k] in ('static', 'volatile', 'register', '_Thread_local'):
        k += 1
    if k >= len(words) or words[k] not in ('double', 'float') or '(' in words:
        return None
    if 'extern' in words or 'const' in words or 'typedef' in words:
        return None
    return True
while i < len(toks):
    t = toks[i]
    if start and t.strip() and not t.startswith(('/*', '//', '#')) and (depth == 0 or t == 'static'):
        j, level = i, 0
        while j < len(toks) and not (toks[j] == ';' and level == 0):
            level += toks[j] == '{'
            level -= toks[j] == '}'
            if level < 0:
                break
            j += 1
        if j < len(toks) and toks[j] == ';' and decl(toks[i:j]):
            stmt = ''.join(toks[i:j])
            m = re.match(r'(\s*(?:(?:static|volatile|register|_Thread_local)\s+)*(?:double|float)\b)(.*)$', stmt, re.S)
            parts, cur, lv = [], '', 0
            for c in m.group(2):
                lv += c in '([{'
                lv -= c in ')]}'
                if c == ',' and lv == 0:
                    parts.append(cur)
                    cur = ''
                else:
                    cur += c
            parts.append(cur)
            new = []
            for d in parts:
                a = re.match(r'\s*(\w+)\s*\[\s*(\d+)\s*\]\s*$', d)
                if '=' in d or '*' in d:
                    new.append(d)
                elif a:
                    new.append(d + ' = {[0 ... %d] = -0x1.8p+1}' % (int(a.group(2)) - 1))
                elif re.match(r'\s*\w+\s*$', d):
                    new.append(d + ' = -0x1.8p+1')
                else:
                    new.append(d)
            out.append(m.group(1) + ','.join(new) + ';')
            i = j + 1
            start = True
            continue
    if t == '{':
        depth += 1
    elif t == '}':
        depth -= 1
    out.append(t)
    if t.strip() and not t.startswith(('/*', '//')):
        start = t in (';', '{', '}') or t.startswith('#')
    i += 1
open(sys.argv[2], 'w').write(''.join(out))
