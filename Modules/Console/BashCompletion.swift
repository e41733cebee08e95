/// The bash rendering of a `CompletionModel`: one `case` per command with what it offers,
/// and a walker that follows the words typed so far down the tree exactly as the parser does
/// (a word names a subcommand only before any positional argument; an option that takes a
/// value consumes the next word, or the part after `=`).
enum BashCompletion {
    static func script(_ model: CompletionModel) -> String {
        let name = "_" + ShellQuote.identifier(model.program)
        var lines = [
            "# bash completion for \(model.program), written by `\(model.program) completion bash` from its command tree.",
            "# Install: \(model.program) completion bash > ~/.local/share/bash-completion/completions/\(model.program)",
            "",
            "\(name)_spec() {",
            "    subs='' opts='' valopts='' variadic=0 args=()",
            "    case \"$1\" in",
        ]
        for node in model.nodes {
            let options = node.options.flatMap(\.spellings)
            let valueOptions = node.options.filter(\.takesValue).flatMap(\.spellings)
            var line = "    \(ShellQuote.posix(node.path))) subs=\(ShellQuote.posix(node.subcommands.map(\.name).joined(separator: " ")))"
            line += " opts=\(ShellQuote.posix(options.joined(separator: " ")))"
            line += " valopts=\(ShellQuote.posix(valueOptions.joined(separator: " ")))"
            if !node.arguments.isEmpty {
                line += " args=(\(node.arguments.map { ShellQuote.posix($0.marker) }.joined(separator: " ")))"
            }
            if node.lastIsVariadic { line += " variadic=1" }
            lines.append(line + " ;;")
        }
        lines += [
            "    esac",
            "}",
            "",
            "# Where the values of an option come from, for the options that have a source.",
            "\(name)_option_source() {",
            "    case \"$1|$2\" in",
        ]
        for (keys, source) in model.optionSources {
            lines.append("    \(keys.map(ShellQuote.posix).joined(separator: "|"))) echo \(ShellQuote.posix(source.marker)) ;;")
        }
        lines += [
            "    *) echo '@none' ;;",
            "    esac",
            "}",
            "",
            "# Sets COMPREPLY to what a source offers for the word being typed.",
            "\(name)_offer() {",
            "    local source=$1 cur=$2",
            "    case $source in",
            "    '@values '*) mapfile -t -O \"${#COMPREPLY[@]}\" COMPREPLY < <(compgen -W \"${source#@values }\" -- \"$cur\") ;;",
            "    @files) compopt -o filenames 2>/dev/null; mapfile -t -O \"${#COMPREPLY[@]}\" COMPREPLY < <(compgen -f -- \"$cur\") ;;",
            "    @dirs) compopt -o filenames 2>/dev/null; mapfile -t -O \"${#COMPREPLY[@]}\" COMPREPLY < <(compgen -d -- \"$cur\") ;;",
            "    '@program '*)",
            "        # Asked now, so the candidates are the current ones; quietly nothing if it fails.",
            "        local program=${COMP_WORDS[0]} found",
            "        found=$(\"$program\" ${source#@program } 2>/dev/null) || found=''",
            "        mapfile -t -O \"${#COMPREPLY[@]}\" COMPREPLY < <(compgen -W \"$found\" -- \"$cur\") ;;",
            "    esac",
            "}",
            "",
            "\(name)() {",
            "    local cur=${COMP_WORDS[COMP_CWORD]} path='' word i count=0 only=0 pending=''",
            "    local subs opts valopts variadic",
            "    local -a args",
            "    COMPREPLY=()",
            "    \(name)_spec ''",
            "    for ((i = 1; i < COMP_CWORD; i++)); do",
            "        word=${COMP_WORDS[i]}",
            "        if ((only)); then ((count++)); continue; fi",
            "        case $word in",
            "        --) only=1 ;;",
            "        --*=*) ;;",
            "        -?*)",
            "            [[ \" $valopts \" == *\" $word \"* ]] || continue",
            "            # bash splits `--lang=ko` into `--lang`, `=` and `ko`.",
            "            [[ ${COMP_WORDS[i + 1]} == = ]] && ((i++))",
            "            if ((i + 1 == COMP_CWORD)); then pending=$word; break; fi",
            "            ((i++)) ;;",
            "        *)",
            "            if ((count == 0)) && [[ \" $subs \" == *\" $word \"* ]]; then",
            "                path=${path:+$path }$word",
            "                \(name)_spec \"$path\"",
            "            else",
            "                ((count++))",
            "            fi ;;",
            "        esac",
            "    done",
            "    [[ $cur == = ]] && cur=''",
            "    if [[ -n $pending ]]; then",
            "        \(name)_offer \"$(\(name)_option_source \"$path\" \"$pending\")\" \"$cur\"",
            "        return 0",
            "    fi",
            "    if ((!only)) && [[ $cur == -* ]]; then",
            "        mapfile -t COMPREPLY < <(compgen -W \"$opts\" -- \"$cur\")",
            "        return 0",
            "    fi",
            "    if ((count == 0)) && [[ -n $subs ]]; then",
            "        mapfile -t COMPREPLY < <(compgen -W \"$subs\" -- \"$cur\")",
            "    fi",
            "    local index=$count",
            "    if ((index >= ${#args[@]})); then",
            "        ((variadic)) || return 0",
            "        index=$((${#args[@]} - 1))",
            "    fi",
            "    ((index >= 0)) && \(name)_offer \"${args[index]}\" \"$cur\"",
            "    return 0",
            "}",
            "",
            "complete -F \(name) \(model.program)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
