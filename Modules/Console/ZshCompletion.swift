/// The zsh rendering of a `CompletionModel`: the same walk as bash's, offering subcommands and
/// options with their one-line help (`_describe`), fixed values, files, and what the program
/// lists. Works from `fpath` (as `_tend`) and when sourced (`source <(tend completion zsh)`).
enum ZshCompletion {
    static func script(_ model: CompletionModel) -> String {
        let name = "_" + ShellQuote.identifier(model.program)
        var lines = [
            "#compdef \(model.program)",
            "# zsh completion for \(model.program), written by `\(model.program) completion zsh` from its command tree.",
            "# Install: \(model.program) completion zsh > \"${fpath[1]}/\(name)\" (or any folder on $fpath), then compinit.",
            "",
            "\(name)_spec() {",
            "    subs=() subdescs=() opts=() valopts=() args=() variadic=0",
            "    case $1 in",
        ]
        for node in model.nodes {
            var line = "    (\(ShellQuote.posix(node.path)))"
            if !node.subcommands.isEmpty {
                line += " subs=(\(node.subcommands.map { ShellQuote.posix($0.name) }.joined(separator: " ")))"
                line += " subdescs=(\(node.subcommands.map { described($0.name, $0.abstract) }.joined(separator: " ")))"
            }
            line += " opts=(\(node.options.flatMap { option in option.spellings.map { described($0, option.help) } }.joined(separator: " ")))"
            let valueOptions = node.options.filter(\.takesValue).flatMap(\.spellings)
            if !valueOptions.isEmpty { line += " valopts=(\(valueOptions.joined(separator: " ")))" }
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
            "\(name)_option_source() {",
            "    case \"$1|$2\" in",
        ]
        for (keys, source) in model.optionSources {
            lines.append("    (\(keys.map(ShellQuote.posix).joined(separator: "|"))) print -r -- \(ShellQuote.posix(source.marker)) ;;")
        }
        lines += [
            "    (*) print -r -- '@none' ;;",
            "    esac",
            "}",
            "",
            "\(name)_offer() {",
            "    local source=$1",
            "    local -a found",
            "    case $source in",
            "    ('@values '*) found=(${=source#@values }); compadd -a found ;;",
            "    (@files) _files ;;",
            "    (@dirs) _files -/ ;;",
            "    ('@program '*)",
            "        # Asked now, so the candidates are the current ones; quietly nothing if it fails.",
            "        found=(${(f)\"$(${words[1]} ${=source#@program } 2>/dev/null)\"})",
            "        compadd -a found ;;",
            "    esac",
            "}",
            "",
            "\(name)() {",
            "    local cmdpath='' word cur=${words[CURRENT]} pending='' variadic",
            "    local -i i count=0 only=0 index",
            "    local -a subs subdescs opts valopts args",
            "    \(name)_spec ''",
            "    for ((i = 2; i < CURRENT; i++)); do",
            "        word=${words[i]}",
            "        if ((only)); then count+=1; continue; fi",
            "        case $word in",
            "        (--) only=1 ;;",
            "        (--*=*) ;;",
            "        (-?*)",
            "            ((${valopts[(Ie)$word]})) || continue",
            "            if ((i + 1 == CURRENT)); then pending=$word; break; fi",
            "            i+=1 ;;",
            "        (*)",
            "            if ((count == 0 && ${subs[(Ie)$word]})); then",
            "                cmdpath=${cmdpath:+$cmdpath }$word",
            "                \(name)_spec \"$cmdpath\"",
            "            else",
            "                count+=1",
            "            fi ;;",
            "        esac",
            "    done",
            "    if [[ -z $pending && $cur == --*=* ]] && ((!only)); then",
            "        pending=${cur%%=*}",
            "        compset -P '*='",
            "    fi",
            "    if [[ -n $pending ]]; then",
            "        \(name)_offer \"$(\(name)_option_source \"$cmdpath\" \"$pending\")\"",
            "        return",
            "    fi",
            "    if ((!only)) && [[ $cur == -* ]]; then",
            "        _describe -t options 'option' opts",
            "        return",
            "    fi",
            "    if ((count == 0 && ${#subs})); then",
            "        _describe -t commands 'command' subdescs",
            "    fi",
            "    index=$((count + 1))",
            "    if ((index > ${#args})); then",
            "        ((variadic)) || return 0",
            "        index=${#args}",
            "    fi",
            "    ((index > 0)) && \(name)_offer \"${args[index]}\"",
            "    return 0",
            "}",
            "",
            "# Sourced rather than autoloaded from $fpath: register the function; autoloaded: run it.",
            "if [[ ${funcstack[1]} == \(name) ]]; then",
            "    \(name) \"$@\"",
            "else",
            "    compdef \(name) \(model.program)",
            "fi",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `name:description` for `_describe`, a colon in the name escaped.
    static func described(_ name: String, _ help: String) -> String {
        ShellQuote.posix(name.replacing(":", with: "\\:") + ":" + ShellQuote.summary(help))
    }
}
