/// The fish rendering of a `CompletionModel`: one function walks the tokens typed so far the
/// way bash's and zsh's scripts do and prints the candidates with their help, so nested
/// command groups complete exactly (fish's `__fish_seen_subcommand_from` cannot tell
/// `tend run list` from `tend hike list`).
enum FishCompletion {
    static func script(_ model: CompletionModel) -> String {
        let name = "__" + ShellQuote.identifier(model.program)
        var lines = [
            "# fish completion for \(model.program), written by `\(model.program) completion fish` from its command tree.",
            "# Install: \(model.program) completion fish > ~/.config/fish/completions/\(model.program).fish",
            "",
            "function \(name)_subcommands --argument-names cmdpath",
            "    switch $cmdpath",
        ]
        for node in model.nodes where !node.subcommands.isEmpty {
            lines.append("        case \(ShellQuote.fish(node.path))")
            for subcommand in node.subcommands {
                lines.append("            printf '%s\\t%s\\n' \(ShellQuote.fish(subcommand.name)) \(ShellQuote.fish(ShellQuote.summary(subcommand.abstract)))")
            }
        }
        lines += ["    end", "end", "", "function \(name)_options --argument-names cmdpath", "    switch $cmdpath"]
        for node in model.nodes {
            lines.append("        case \(ShellQuote.fish(node.path))")
            for option in node.options {
                for spelling in option.spellings {
                    lines.append("            printf '%s\\t%s\\n' \(ShellQuote.fish(spelling)) \(ShellQuote.fish(ShellQuote.summary(option.help)))")
                }
            }
        }
        lines += ["    end", "end", "", "function \(name)_value_options --argument-names cmdpath", "    switch $cmdpath"]
        for node in model.nodes {
            let valueOptions = node.options.filter(\.takesValue).flatMap(\.spellings)
            guard !valueOptions.isEmpty else { continue }
            lines.append("        case \(ShellQuote.fish(node.path))")
            lines.append("            printf '%s\\n' \(valueOptions.map(ShellQuote.fish).joined(separator: " "))")
        }
        lines += ["    end", "end", "", "# One source a line; a last line @variadic when the last argument repeats.",
                  "function \(name)_arguments --argument-names cmdpath", "    switch $cmdpath"]
        for node in model.nodes where !node.arguments.isEmpty {
            lines.append("        case \(ShellQuote.fish(node.path))")
            let markers = node.arguments.map(\.marker) + (node.lastIsVariadic ? ["@variadic"] : [])
            lines.append("            printf '%s\\n' \(markers.map(ShellQuote.fish).joined(separator: " "))")
        }
        lines += ["    end", "end", "", "function \(name)_option_source --argument-names cmdpath option",
                  "    switch \"$cmdpath|$option\""]
        for (keys, source) in model.optionSources {
            lines.append("        case \(keys.map(ShellQuote.fish).joined(separator: " "))")
            lines.append("            echo \(ShellQuote.fish(source.marker))")
        }
        lines += [
            "        case '*'",
            "            echo '@none'",
            "    end",
            "end",
            "",
            "function \(name)_offer --argument-names source program",
            "    switch $source",
            "        case '@values *'",
            "            string split ' ' -- (string replace '@values ' '' -- $source)",
            "        case '@files'",
            "            __fish_complete_path (commandline -ct)",
            "        case '@dirs'",
            "            __fish_complete_directories (commandline -ct)",
            "        case '@program *'",
            "            # Asked now, so the candidates are the current ones; quietly nothing if it fails.",
            "            $program (string split ' ' -- (string replace '@program ' '' -- $source)) 2>/dev/null",
            "    end",
            "end",
            "",
            "function \(name)_complete",
            "    set -l tokens (commandline -opc)",
            "    set -l cur (commandline -ct)",
            "    set -l cmdpath ''",
            "    set -l count 0",
            "    set -l only 0",
            "    set -l pending ''",
            "    set -l subs (\(name)_subcommands '' | string replace -r '\\t.*' '')",
            "    set -l valopts (\(name)_value_options '')",
            "    set -l i 2",
            "    while test $i -le (count $tokens)",
            "        set -l word $tokens[$i]",
            "        set i (math $i + 1)",
            "        if test $only -eq 1",
            "            set count (math $count + 1)",
            "            continue",
            "        end",
            "        switch $word",
            "            case '--'",
            "                set only 1",
            "            case '--*=*'",
            "            case '-'",
            "                set count (math $count + 1)",
            "            case '-*'",
            "                contains -- $word $valopts; or continue",
            "                if test $i -gt (count $tokens)",
            "                    set pending $word",
            "                    break",
            "                end",
            "                set i (math $i + 1)",
            "            case '*'",
            "                if test $count -eq 0; and contains -- $word $subs",
            "                    set cmdpath (string trim -- \"$cmdpath $word\")",
            "                    set subs (\(name)_subcommands $cmdpath | string replace -r '\\t.*' '')",
            "                    set valopts (\(name)_value_options $cmdpath)",
            "                else",
            "                    set count (math $count + 1)",
            "                end",
            "        end",
            "    end",
            "    if test -z \"$pending\"; and test $only -eq 0; and string match -q -- '--*=*' $cur",
            "        set -l option (string replace -r '=.*' '' -- $cur)",
            "        \(name)_offer (\(name)_option_source $cmdpath $option) $tokens[1] | string replace -r '^' -- \"$option=\"",
            "        return",
            "    end",
            "    if test -n \"$pending\"",
            "        \(name)_offer (\(name)_option_source $cmdpath $pending) $tokens[1]",
            "        return",
            "    end",
            "    if test $only -eq 0; and string match -q -- '-*' $cur",
            "        \(name)_options $cmdpath",
            "        return",
            "    end",
            "    if test $count -eq 0",
            "        \(name)_subcommands $cmdpath",
            "    end",
            "    set -l arguments (\(name)_arguments $cmdpath)",
            "    set -l variadic 0",
            "    if test \"$arguments[-1]\" = '@variadic'",
            "        set variadic 1",
            "        set -e arguments[-1]",
            "    end",
            "    set -l index (math $count + 1)",
            "    if test $index -gt (count $arguments)",
            "        test $variadic -eq 1; or return",
            "        set index (count $arguments)",
            "    end",
            "    test $index -gt 0; and \(name)_offer $arguments[$index] $tokens[1]",
            "end",
            "",
            "complete -c \(model.program) -f -a '(\(name)_complete)'",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
