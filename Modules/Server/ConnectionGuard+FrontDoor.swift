import FoundationEssentials
import Synchronization

/// What `FrontDoor` tells the guard: a connection held by the front door counts against the
/// limits and carries the request deadline exactly as one libmicrohttpd holds, and keeps its
/// id, counts and clock when it is handed over.
extension ConnectionGuard {
    /// Registers a connection just accepted, held by the front door; nil when it may not open:
    /// the whole limit is taken, its address holds `connectionsPerAddress` already, or the
    /// reserve is reached and its address (IPv6: /64) holds `reserveFloor` or more.
    func enter(fd: Int32, address: String, group: String) -> Int? {
        let now = ContinuousClock.now
        return state.withLock { state in
            // The kernel handed out this descriptor again: a connection given to libmicrohttpd
            // under it and never reported started is gone.
            if let stale = state.handingOff.removeValue(forKey: fd), let entry = state.entries.removeValue(forKey: stale) {
                Self.uncount(entry, in: &state)
            }
            if connectionsPerAddress > 0, state.perAddress[address, default: 0] >= connectionsPerAddress {
                state.refusedOverAddressLimit += 1
                return nil
            }
            if state.entries.count >= connectionLimit
                || (state.entries.count >= connectionLimit - reservedConnections && state.perGroup[group, default: 0] >= reserveFloor) {
                state.refused += 1
                return nil
            }
            let id = state.nextID
            state.nextID += 1
            var entry = Entry(fd: fd, address: address, group: group, deadline: now + requestTimeout, requestStarted: now,
                              readWhenIdle: 0)
            entry.atFrontDoor = true
            state.entries[id] = entry
            state.perGroup[group, default: 0] += 1
            state.perAddress[address, default: 0] += 1
            return id
        }
    }

    /// The first bytes of a request have arrived at the front door (its line is not complete):
    /// a deadline now ends in a 408 rather than a silent close.
    func requestBegan(id: Int) {
        state.withLock { state in
            if state.entries[id]?.phase == .awaitingRequest { state.entries[id]?.phase = .receivingHead }
        }
    }

    /// The front door gives the connection to libmicrohttpd: no deadline until libmicrohttpd
    /// reports it started (`opened`), which adopts this entry.
    func handingOff(id: Int) {
        let now = ContinuousClock.now
        state.withLock { state in
            guard var entry = state.entries[id] else { return }
            entry.atFrontDoor = false
            entry.handedOff = now
            entry.deadline = nil
            state.entries[id] = entry
            state.handingOff[entry.fd] = id
        }
    }

    private static func uncount(_ entry: Entry, in state: inout State) {
        let left = state.perGroup[entry.group, default: 1] - 1
        state.perGroup[entry.group] = left > 0 ? left : nil
        let fromAddress = state.perAddress[entry.address, default: 1] - 1
        state.perAddress[entry.address] = fromAddress > 0 ? fromAddress : nil
    }
}
