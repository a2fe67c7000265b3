package app.salondesk.cli;

import picocli.CommandLine;

final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = VersionProvider.class.getPackage().getImplementationVersion();
        return new String[]{"SalonDesk " + (v != null ? v : "(development build)")};
    }
}
