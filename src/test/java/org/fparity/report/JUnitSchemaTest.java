package org.fparity.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import org.fparity.compare.CampaignView;
import org.fparity.compare.PlantedFaults;
import org.junit.jupiter.api.Test;
import org.xml.sax.SAXException;

/**
 * junit.xml validates against Jenkins' xUnit schema (junit-10.xsd, kept in test resources): Jenkins' xUnit plugin
 * refuses a file that does not, and it once did not (a {@code skipped} attribute on {@code <testsuites>}, issue 30).
 */
class JUnitSchemaTest {
    @Test
    void junitXmlIsValidAgainstJenkinsXunitSchema() throws Exception {
        CampaignView v = PlantedFaults.campaign("planted");
        String xml = JUnitReport.render(Report.of(v, (CampaignView) null));
        // the planted campaign has failures and errors (a crash beside a result)
        assertTrue(xml.contains("<failure") && xml.contains("<error"), xml);
        var schema = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI)
                .newSchema(getClass().getResource("junit-10.xsd"));
        try {
            schema.newValidator().validate(new StreamSource(new StringReader(xml)));
        } catch (SAXException e) {
            throw new AssertionError("junit.xml is not valid against junit-10.xsd: " + e.getMessage(), e);
        }
    }

    /** Counted in root causes (a testcase per cause, known ones skipped with their cases in system-out) it validates too. */
    @Test
    void junitXmlInRootCausesIsValidToo(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        java.nio.file.Path n2 =
                CauseNights.write(tmp, "nightly-2026-11-22", java.util.List.of(CauseNights.Plant.REASSOCIATION), true);
        java.nio.file.Path n3 = CauseNights.write(
                tmp,
                "nightly-2026-11-23",
                java.util.List.of(CauseNights.Plant.REASSOCIATION, CauseNights.Plant.CONTRACTION),
                true);
        Report r = Report.of(org.fparity.compare.CampaignFiles.load(n3), org.fparity.compare.CampaignFiles.load(n2))
                .judged(
                        AcceptancePolicy.NONE,
                        org.fparity.attribution.Causes.read(n2).orElseThrow());
        String xml = JUnitReport.render(r);
        assertTrue(
                xml.contains("<failure type=\"new_cause\"")
                        && xml.contains("<skipped message=\"known: ")
                        && xml.contains("<system-out>"),
                xml);
        var schema = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI)
                .newSchema(getClass().getResource("junit-10.xsd"));
        try {
            schema.newValidator().validate(new StreamSource(new StringReader(xml)));
        } catch (SAXException e) {
            throw new AssertionError(
                    "junit.xml in root causes is not valid against junit-10.xsd: " + e.getMessage(), e);
        }
    }
}
