/// Who a row belongs to: an account id on the server, `local` on a device before login.
public enum Owner {
    public static let local = "local"
}
